import { Route, Routes } from 'react-router';
import { NotFound } from './not-found';
import { InvitePage } from './invite-page';
import { LeaguePage, type LeaguePageProps } from './league-page';
import { LeaguesPage } from './leagues-page';

/** Everything under /fantasy/leagues: the list, an invite, a league and its teams. */
export function LeaguesRoutes({ renderDraftChat }: LeaguePageProps = {}) {
  return (
    <Routes>
      <Route index element={<LeaguesPage />} />
      <Route path="join/:inviteCode" element={<InvitePage />} />
      <Route path=":leagueId/*" element={<LeaguePage renderDraftChat={renderDraftChat} />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
