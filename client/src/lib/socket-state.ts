import { atom } from '@client/lib/store';

/**
 * True once the server refused this tab's socket because the account has as many open as it may
 * (`limit_reached`): the tab stops trying, and the signed-in frame says to close tabs and reload.
 * Apart from the socket module so the frame can show it without loading the Socket.IO client first.
 */
export const tooManyTabsAtom = atom(false);
