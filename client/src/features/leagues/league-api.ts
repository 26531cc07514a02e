import { z } from 'zod/mini';
import { fantasyPointsResponseSchema, companyPointsSchema, companyIdOfLink } from '@shared/schemas/fantasy';
import {
  leagueInvitePreviewSchema,
  leagueListSchema,
  leagueSchema,
  leagueWatchAnswerSchema,
  type LeagueCreate,
} from '@shared/schemas/leagues';
import { api } from '@client/lib/api-client';

/** The friends' leagues over HTTP: every answer is read through the shared schemas. */
export const leagueApi = {
  list: async () => z.parse(leagueListSchema, await api.get<unknown>('/leagues')).leagues,
  create: async (input: LeagueCreate) => z.parse(leagueSchema, await api.post<unknown>('/leagues', input)),
  read: async (leagueId: string) =>
    z.parse(leagueWatchAnswerSchema, await api.get<unknown>(`/leagues/${encodeURIComponent(leagueId)}`)),
  preview: async (inviteCode: string) =>
    z.parse(
      leagueInvitePreviewSchema,
      await api.get<unknown>(`/leagues/invites/${encodeURIComponent(inviteCode)}`),
    ),
  join: async (inviteCode: string) =>
    z.parse(leagueSchema, await api.post<unknown>(`/leagues/invites/${encodeURIComponent(inviteCode)}/join`)),
  removeSeat: async (leagueId: string, login: string) =>
    z.parse(
      leagueSchema,
      await api.delete<unknown>(
        `/leagues/${encodeURIComponent(leagueId)}/seats/${encodeURIComponent(login)}`,
      ),
    ),
  command: async (leagueId: string, action: 'start' | 'pause' | 'resume') =>
    z.parse(leagueSchema, await api.post<unknown>(`/leagues/${encodeURIComponent(leagueId)}/${action}`)),
  /** This week's real points by company link; empty when none are computed yet. */
  points: async (): Promise<ReadonlyMap<string, number>> => {
    const answer = z.parse(fantasyPointsResponseSchema, await api.get<unknown>('/fantasy/points'));
    return new Map(Object.entries(answer.points).map(([id, value]) => [`/companies/${id}`, value]));
  },
  why: async (link: string) =>
    z.parse(
      companyPointsSchema,
      await api.get<unknown>(`/fantasy/points/${encodeURIComponent(companyIdOfLink(link))}`),
    ),
};

/** The invite link a commissioner shares. */
export function inviteUrl(inviteCode: string, origin = window.location.origin): string {
  return `${origin}/fantasy/leagues/join/${inviteCode}`;
}
