import { useDocumentTitle } from '@client/lib/document-title';

/** A route whose feature has not landed yet shows its title only (DESIGN.md). */
export function PlaceholderPage({ title }: { title: string }) {
  useDocumentTitle(title);
  return <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>;
}
