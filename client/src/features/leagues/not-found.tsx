import { Link } from '@client/components/link';

export function NotFound() {
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-3">
      <h1 className="text-2xl font-bold">Page not found</h1>
      <Link to="/fantasy/leagues" className="underline">
        Leagues with friends
      </Link>
    </div>
  );
}
