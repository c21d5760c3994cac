import type { ChatMessage, ChatMessageList } from '@app/shared/ai';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isPlanLimitError, PlanLimitNotice } from '../../../components/ui/plan-limit-notice.tsx';
import type { ApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { paths } from '../../../paths.ts';
import { chatKeys, chatMessagesQuery, chatSessionQuery, sendChatMessage, startChatSession } from '../api/chat-api.ts';
import { MarkdownView } from './markdown-view.tsx';
import '../chat.css';

/** A bubble on screen: the stored messages plus, after a failure, the spec §8 apology (never stored). */
type Bubble = ChatMessage & { failed?: boolean };

function Message({ bubble }: { bubble: Bubble }) {
  const { t } = useTranslation('chat');
  const mine = bubble.role === 'user';
  return (
    <li
      className={`chat-msg chat-msg--${bubble.role}${bubble.failed ? ' chat-msg--failed' : ''}`}
      data-role={bubble.role}
    >
      <p className="chat-msg__who">
        <span className="chat-msg__role">{mine ? t('you') : t('model')}</span>{' '}
        <time className="chat-msg__time" dateTime={bubble.timestamp}>
          {formatDateTime(bubble.timestamp)}
        </time>
      </p>
      <div className="chat-msg__body">
        {mine ? <p className="chat-msg__text">{bubble.message}</p> : <MarkdownView source={bubble.message} />}
      </div>
      {!mine && bubble.tenders.length > 0 && (
        <div className="chat-msg__sources">
          <p className="chat-msg__sources-title">{t('sources')}</p>
          <ul>
            {bubble.tenders.map((tender) => (
              <li key={tender.id}>
                <Link to={paths.tenderNotice.href(tender.id)}>{tender.title}</Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </li>
  );
}

/**
 * Breeze Chat (spec §2, §4, §5, §8): a session is created when the panel opens; messages show
 * role, text and time; the input is disabled before the session exists and while a reply is
 * pending; Enter sends and Shift+Enter makes a new line.
 */
export function BreezeChat({ userId }: { userId: string }) {
  const { t } = useTranslation('chat');
  const queryClient = useQueryClient();
  const inputId = useId();
  const session = useQuery(chatSessionQuery(userId));
  const sessionId = session.data;
  const history = useQuery({ ...chatMessagesQuery(sessionId ?? ''), enabled: Boolean(sessionId) });
  const [text, setText] = useState('');
  const [pending, setPending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  /** The plan's search limit refused the message's search (402): its message, with a link to /plans. */
  const [limitError, setLimitError] = useState<ApiError | null>(null);
  // `New conversation`: creating the session, or its failure (the current conversation stays).
  const [starting, setStarting] = useState(false);
  const [newFailed, setNewFailed] = useState(false);
  const logRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);

  const messages: Bubble[] = history.data ?? [];
  const ready = Boolean(sessionId) && history.isSuccess;
  const disabled = !ready || pending;

  // Keep the newest message in view.
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages.length, pending]);

  function append(id: string, ...added: Bubble[]) {
    queryClient.setQueryData<ChatMessageList>(chatKeys.messages(id), (old) =>
      old ? { ...old, messages: [...old.messages, ...added] } : old,
    );
  }

  async function send(raw: string) {
    const message = raw.trim();
    // Spec §5: blocked when the text is empty, no session exists, or a reply is pending.
    if (!message || !sessionId || pending) return;
    setPending(true);
    setSendError(null);
    setLimitError(null);
    setText('');
    append(sessionId, { role: 'user', message, timestamp: new Date().toISOString(), tenders: [] });
    try {
      const reply = await sendChatMessage(sessionId, message, currentLanguage());
      append(sessionId, reply);
    } catch (err) {
      if (isPlanLimitError(err)) {
        // Nothing of the turn was stored: take the question back out and give it back to edit.
        queryClient.setQueryData<ChatMessageList>(chatKeys.messages(sessionId), (old) =>
          old ? { ...old, messages: old.messages.slice(0, -1) } : old,
        );
        setText(message);
        setLimitError(err);
        return;
      }
      setSendError(t('errors.send'));
      append(sessionId, {
        role: 'model',
        message: t('errors.apology'),
        timestamp: new Date().toISOString(),
        tenders: [],
        failed: true,
      });
    } finally {
      setPending(false);
      // The textarea was disabled while waiting; give the focus back for the next question.
      requestAnimationFrame(() => inputRef.current?.focus());
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void send(text);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send(text);
    }
  }

  async function newConversation() {
    setSendError(null);
    setLimitError(null);
    setNewFailed(false);
    setStarting(true);
    try {
      const created = await startChatSession();
      queryClient.setQueryData<ChatMessageList>(chatKeys.messages(created.sessionId), {
        sessionId: created.sessionId,
        messages: [],
      });
      queryClient.setQueryData(chatKeys.session(userId), created);
      requestAnimationFrame(() => inputRef.current?.focus());
    } catch {
      // The current conversation stays; the spec's start-failure text says what happened.
      setNewFailed(true);
    } finally {
      setStarting(false);
    }
  }

  // While a retry runs, "Starting a chat session..." shows instead of the error.
  const startFailed = (session.isError && !session.isFetching) || (history.isError && !history.isFetching) || newFailed;

  return (
    <div className="chat" aria-busy={pending || session.isPending}>
      <div className="chat__head">
        <h2 className="chat__title">
          {t('title')} <span className="chat__beta">{t('beta')}</span>
        </h2>
        {ready && messages.length > 0 && (
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => void newConversation()}
            disabled={pending || starting}
          >
            {t('newConversation')}
          </button>
        )}
      </div>
      <p className="muted chat__intro">{t('intro')}</p>

      {startFailed && (
        <div className="banner banner--error" role="alert">
          <p>{t('errors.start')}</p>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() =>
              void (newFailed ? newConversation() : session.isError ? session.refetch() : history.refetch())
            }
          >
            {t('retry')}
          </button>
        </div>
      )}
      {!startFailed && !ready && (
        <p className="muted" role="status">
          {t('starting')}
        </p>
      )}

      {ready && messages.length === 0 && (
        <div className="chat__suggestions">
          <p>{t('empty')}</p>
          <ul>
            {(['find', 'fit', 'help'] as const).map((key) => (
              <li key={key}>
                <button type="button" className="chat__suggestion" onClick={() => void send(t(`suggestions.${key}`))}>
                  {t(`suggestions.${key}`)}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}

      {/* Scrolls on its own, so it takes the focus for keyboard scrolling. */}
      <div
        ref={logRef}
        className={messages.length === 0 && !pending ? 'chat__log chat__log--empty' : 'chat__log'}
        role="log"
        aria-live="polite"
        aria-label={t('log')}
        tabIndex={messages.length > 0 ? 0 : -1}
      >
        <ol className="chat__list">
          {messages.map((bubble, i) => (
            <Message key={`${bubble.timestamp}-${i}`} bubble={bubble} />
          ))}
          {pending && (
            <li className="chat-msg chat-msg--model chat-msg--waiting">
              <span className="chat__dots" aria-hidden="true" /> {t('waiting')}
            </li>
          )}
        </ol>
      </div>

      {sendError && (
        <p className="banner banner--error" role="alert">
          {sendError}
        </p>
      )}
      {limitError && <PlanLimitNotice error={limitError} />}

      <form className="chat__form" onSubmit={onSubmit}>
        <label htmlFor={inputId} className="field__label">
          {t('inputLabel')}
        </label>
        <div className="chat__row">
          <textarea
            ref={inputRef}
            id={inputId}
            className="field__input chat__input"
            rows={2}
            maxLength={2000}
            value={text}
            placeholder={t('placeholder')}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onKeyDown}
            disabled={disabled}
            aria-describedby={`${inputId}-hint`}
          />
          <button type="submit" className="button" disabled={disabled || text.trim() === ''}>
            {t('send')}
          </button>
        </div>
        <p id={`${inputId}-hint`} className="field__hint">
          {t('hint')}
        </p>
      </form>
    </div>
  );
}
