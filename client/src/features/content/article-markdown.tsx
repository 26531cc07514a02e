import Markdown, { type Components } from 'react-markdown';

/** Links leave the app in a new tab; images load lazily without a referrer. */
const MARKDOWN_COMPONENTS: Components = {
  a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer" />,
  img: ({ node: _node, alt, ...props }) => (
    <img
      {...props}
      alt={alt ?? ''}
      loading="lazy"
      referrerPolicy="no-referrer"
      className="my-3 max-h-96 rounded-lg"
    />
  ),
};

/**
 * An article's text as markdown. Its own module: the markdown parser is a third of the dashboard's
 * JavaScript, so it loads when an article is first opened, not with the page.
 */
export default function ArticleMarkdown({ text }: { text: string }) {
  // skipHtml: markdown only, raw HTML in the text is dropped, never rendered.
  return (
    <Markdown skipHtml components={MARKDOWN_COMPONENTS}>
      {text}
    </Markdown>
  );
}
