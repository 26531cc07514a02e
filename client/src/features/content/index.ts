export { ArticleDrawer, type ArticleDrawerProps } from './article-drawer';
export { FrameViewer, type FrameViewerProps } from './frame-viewer';
export { useArticleContent, type ArticleContent } from './use-article-content';
