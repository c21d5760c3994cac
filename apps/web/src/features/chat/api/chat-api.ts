import type { AiLocale, ChatMessage, ChatSession } from '@app/shared/ai';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

const enc = encodeURIComponent;

export const chatKeys = {
  session: (userId: string) => ['chat', 'session', userId] as const,
  messages: (sessionId: string) => ['chat', 'messages', sessionId] as const,
};

/**
 * Spec §4 "Chat: session created on open". A query rather than a mutation so that the session
 * survives the tab being closed and opened again (its history is then reloaded); `New
 * conversation` removes it, which starts another.
 */
export const chatSessionQuery = (userId: string) =>
  queryOptions({
    queryKey: chatKeys.session(userId),
    // No abort signal: a session the server made is kept even if the tab closes meanwhile.
    queryFn: () => api.post<{ sessionId: string }>('/api/chat/session', {}),
    select: (data) => data.sessionId,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });

/** GET /api/chat/session/{id}: the stored messages, oldest first. */
export const chatMessagesQuery = (sessionId: string) =>
  queryOptions({
    queryKey: chatKeys.messages(sessionId),
    queryFn: ({ signal }) => api.get<ChatSession>(`/api/chat/session/${enc(sessionId)}`, { signal }),
    select: (data) => data.messages,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

/** POST /api/chat/session/{id}/message: the model's reply. */
export const sendChatMessage = (sessionId: string, message: string, locale: AiLocale) =>
  api.post<ChatMessage>(`/api/chat/session/${enc(sessionId)}/message`, { message, locale });
