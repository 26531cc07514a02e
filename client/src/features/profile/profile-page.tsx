import type { ReactNode } from 'react';
import { buttonClass, cardClass } from '@client/components/button';
import { useAuth, useSignOut } from '@client/lib/auth';
import { useDocumentTitle } from '@client/lib/document-title';
import { accountAgeYears, blogHref, memberSince } from './profile-format';

/**
 * The signed-in user's profile: GitHub's, with its statistics; or, for someone who signed in with
 * another provider, what that provider said (it has no repositories or followers to count).
 */
export function ProfilePage() {
  useDocumentTitle('Profile');
  const { user } = useAuth();
  const signOut = useSignOut();
  if (!user) return null; // the protected layout only renders this when signed in

  const profileUrl = user.html_url ?? `https://github.com/${encodeURIComponent(user.login)}`;
  const host = user.provider?.name ?? 'GitHub';
  const age = accountAgeYears(user.created_at);

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Profile</h1>
        <div className="flex flex-wrap gap-2">
          <a href={profileUrl} target="_blank" rel="noopener noreferrer" className={buttonClass('secondary')}>
            View on {host}
          </a>
          <button type="button" onClick={() => void signOut()} className={buttonClass('danger')}>
            Sign Out
          </button>
        </div>
      </div>

      <section aria-label="Account" className={`${cardClass} p-6`}>
        <div className="flex flex-col items-center gap-5 sm:flex-row sm:items-start">
          <img
            src={user.avatar_url}
            alt=""
            width={112}
            height={112}
            className="h-28 w-28 shrink-0 rounded-full border-4 border-white bg-slate-200 object-cover shadow dark:border-slate-800 dark:bg-slate-700"
          />
          <div className="min-w-0 flex-1 text-center sm:text-left">
            <h2 className="text-2xl font-semibold">{user.name || user.login}</h2>
            <p className="text-slate-500 dark:text-slate-400">@{user.login}</p>
            {user.bio ? <p className="mt-3 text-slate-700 dark:text-slate-300">{user.bio}</p> : null}
            <dl className="mt-5 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
              <Field label="Member since">{memberSince(user.created_at)}</Field>
              {user.location ? <Field label="Location">{user.location}</Field> : null}
              {user.company ? <Field label="Company">{user.company}</Field> : null}
              {user.blog ? (
                <Field label="Blog">
                  <a
                    href={blogHref(user.blog)}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="break-all text-brand-600 hover:underline dark:text-indigo-300"
                  >
                    {user.blog}
                  </a>
                </Field>
              ) : null}
              {user.email ? (
                <Field label="Email">
                  <a
                    href={`mailto:${user.email}`}
                    className="break-all text-brand-600 hover:underline dark:text-indigo-300"
                  >
                    {user.email}
                  </a>
                </Field>
              ) : null}
            </dl>
          </div>
        </div>
      </section>

      {user.provider ? null : (
        <section aria-labelledby="github-statistics" className={`${cardClass} p-6`}>
          <h2 id="github-statistics" className="text-lg font-semibold">
            GitHub Statistics
          </h2>
          <dl className="mt-4 grid grid-cols-2 gap-4 md:grid-cols-4">
            <Statistic label="Public Repositories" value={user.public_repos.toLocaleString('en-US')} />
            <Statistic label="Followers" value={user.followers.toLocaleString('en-US')} />
            <Statistic label="Following" value={user.following.toLocaleString('en-US')} />
            <Statistic
              label="Account Age"
              value={
                <>
                  {age}{' '}
                  <span className="text-sm font-medium text-slate-500 dark:text-slate-400">
                    {age === 1 ? 'year' : 'years'}
                  </span>
                </>
              }
            />
          </dl>
        </section>
      )}
    </div>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">
        {label}
      </dt>
      <dd className="mt-0.5 text-slate-800 dark:text-slate-200">{children}</dd>
    </div>
  );
}

function Statistic({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="flex flex-col-reverse rounded-xl bg-slate-50 p-4 text-center dark:bg-slate-800/60">
      <dt className="mt-1 text-xs text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="text-2xl font-bold text-slate-900 tabular-nums dark:text-white">{value}</dd>
    </div>
  );
}
