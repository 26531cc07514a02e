/**
 * The client benchmark's reference (bench/client.ts): React 19 + Vite + socket.io-client and
 * nothing else, the least JavaScript our stack can ship. The socket is created but not connected
 * (no server behind this page), which keeps the whole client library in the bundle.
 */
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { io } from 'socket.io-client';

function App() {
  const [messages, setMessages] = useState(0);
  useEffect(() => {
    const socket = io({ autoConnect: false, transports: ['websocket'] });
    socket.on('message', () => setMessages((count) => count + 1));
    return () => {
      socket.close();
    };
  }, []);
  return (
    <main>
      <h1>Reference</h1>
      <p>{messages} messages</p>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
