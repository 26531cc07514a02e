export { VoiceChatPanel, type VoiceChatPanelProps } from './voice-chat-panel';
