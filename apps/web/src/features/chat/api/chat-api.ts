import type { AiLocale, ChatMessage, ChatMessageList, ChatSessionList } from '@app/shared/ai';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

const enc = encodeURIComponent;

export const chatKeys = {
  session: (userId: string) => ['chat', 'session', userId] as const,
  messages: (sessionId: string) => ['chat', 'messages', sessionId] as const,
};

/** POST /api/chat/session: a new, empty conversation. */
export const startChatSession = () => api.post<{ sessionId: string }>('/api/chat/session', {});

/**
 * Spec §4 "Chat: session created on open". The tab reopens the user's most recent conversation
 * (GET /api/chat/sessions), so the history survives the tab being closed and the page being
 * reloaded; only a user without any conversation gets a new one. `New conversation` replaces
 * the cached id with a fresh session.
 */
export const chatSessionQuery = (userId: string) =>
  queryOptions({
    queryKey: chatKeys.session(userId),
    // No abort signal: a session the server made is kept even if the tab closes meanwhile.
    queryFn: async () => {
      const { sessions } = await api.get<ChatSessionList>('/api/chat/sessions?limit=1');
      return sessions[0] ? { sessionId: sessions[0].sessionId } : startChatSession();
    },
    select: (data) => data.sessionId,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });

/** GET /api/chat/session/{id}/messages: the stored messages, oldest first. */
export const chatMessagesQuery = (sessionId: string) =>
  queryOptions({
    queryKey: chatKeys.messages(sessionId),
    queryFn: ({ signal }) => api.get<ChatMessageList>(`/api/chat/session/${enc(sessionId)}/messages`, { signal }),
    select: (data) => data.messages,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

/** POST /api/chat/session/{id}/message: the model's reply. */
export const sendChatMessage = (sessionId: string, message: string, locale: AiLocale) =>
  api.post<ChatMessage>(`/api/chat/session/${enc(sessionId)}/message`, { message, locale });
