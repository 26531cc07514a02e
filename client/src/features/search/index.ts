export { SearchPanel, type SearchPanelProps, type ExternalQuery } from './search-panel';
export { hostOf, formatPublishedDate } from './result-card';
export { useSearch, type SearchState } from './use-search';
