export { VoiceChatPanel, type VoiceChatPanelProps } from './voice-chat-panel';
export { useVoiceChat, type VoiceChatState } from './use-voice-chat';
