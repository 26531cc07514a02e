export { SearchPanel, type SearchPanelProps, type ExternalQuery } from './search-panel';
export { hostOf, formatPublishedDate } from './result-card';
