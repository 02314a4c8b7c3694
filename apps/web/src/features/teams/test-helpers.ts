import type { TeamListItem, TeamMember } from '@atelier/contract';
import { vi } from 'vitest';

export function createTeam(overrides: Partial<TeamListItem> = {}): TeamListItem {
  return { id: 7, name: 'Studio Nord', role: 'owner', memberCount: 2, seatLimit: 10, creditBalance: 900, planType: 'EXPLORER', planName: 'Studio Explorer', ...overrides };
}

export function createMember(overrides: Partial<TeamMember> = {}): TeamMember {
  return {
    userId: 1,
    fullName: 'Ada Lovelace',
    email: 'ada@example.com',
    role: 'owner',
    monthlyCreditCap: null,
    creditsUsedThisMonth: 0,
    joinedAt: '2026-11-01T10:00:00.000Z',
    lastActiveAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export interface SeenCall {
  method: string;
  path: string;
  workspace: string | null;
  body: unknown;
}

/**
 * Replaces fetch with an API that answers by "METHOD /path" (the path after /api, without the
 * query) and records every call with its X-Atelier-Workspace header.
 */
export function fakeApi(answer: (call: SeenCall) => unknown) {
  const calls: SeenCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
      const url = new URL(request.url);
      const text = await request.text();
      const call: SeenCall = {
        method: request.method,
        path: url.pathname.replace(/^\/api/, ''),
        workspace: request.headers.get('X-Atelier-Workspace'),
        body: text ? JSON.parse(text) : undefined,
      };
      calls.push(call);
      const reply = answer(call);
      if (reply instanceof Response) return reply;
      return new Response(JSON.stringify(reply ?? {}), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}
