import { z } from 'zod';

/** The GitHub profile fields the app shows. */
export const userSchema = z.object({
  id: z.number().int(),
  login: z.string().min(1),
  name: z.string().nullable(),
  avatar_url: z.string(),
  html_url: z.string().optional(),
  bio: z.string().nullable(),
  created_at: z.string(),
  location: z.string().nullable(),
  company: z.string().nullable(),
  blog: z.string().nullable(),
  email: z.string().nullable(),
  public_repos: z.number().int(),
  followers: z.number().int(),
  following: z.number().int(),
});
export type User = z.infer<typeof userSchema>;

/** Role in chat, derived on the server from ADMIN_LOGINS / MODERATOR_LOGINS. */
export const roleSchema = z.enum(['user', 'moderator', 'admin']);
export type Role = z.infer<typeof roleSchema>;

/** Body of POST /api/auth/github: the callback page forwards what the provider gave it. */
export const oauthCallbackBodySchema = z.object({
  code: z.string().min(1).max(512),
  state: z.string().min(1).max(512),
  redirect_uri: z.string().max(2048).optional(),
});
export type OAuthCallbackBody = z.infer<typeof oauthCallbackBodySchema>;

/** Answer of GET /api/auth/me and POST /api/auth/github. */
export interface MeResponse {
  user: User;
  role: Role;
}

/** Answer of GET /api/auth/github/login: where to send the browser. */
export interface LoginUrlResponse {
  url: string;
}
