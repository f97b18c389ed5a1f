/** Who is making a request, as the services see it; null for a visitor. */
export interface Actor {
  id: string;
  username: string;
  role: string;
  emailVerified: boolean;
  isSupporter: boolean;
}
