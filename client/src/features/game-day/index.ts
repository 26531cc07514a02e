export { alertFor, scoreLine, type GameAlert } from './alerts';
export { DelayMarker } from './delay-marker';
export { GameDaySettingsButton } from './settings-button';
export type { GameDaySettingsProps } from './settings-dialog';
export { AlertToasts, TOAST_LIFETIME_MS } from './toasts';
export { useGameAlerts, type GameAlertsOptions } from './use-game-alerts';
