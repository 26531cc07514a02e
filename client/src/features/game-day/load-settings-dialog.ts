/** The settings dialog's code, a chunk of its own fetched when it is first wanted. */
export const loadSettingsDialog = () => import('./settings-dialog');
