import { useRef, useState, type FormEvent } from 'react';
import { DIRECT_MESSAGE_MAX_LENGTH, directMessageLength, directMessageLengthError } from '@hamlog/domain/direct-messages/length';
import { MESSAGE_SEND_FAILED, MESSAGING_UPGRADE_REQUIRED } from '@hamlog/domain/messages';
import { Notice } from '@/components/ui/notice';
import { TextareaField } from '@/components/ui/textarea-field';
import { MESSAGES } from '@/config/messages';
import { isApiError } from '@/lib/api-client';
import { newRequestId } from '@/lib/request-id';
import { useSendMessage } from '../api/send-message';

/** Refused for want of a subscription, or too many messages: say so; else the spec's text. */
function sendFailureText(err: unknown): string {
  if (isApiError(err) && err.status === 403) return MESSAGING_UPGRADE_REQUIRED;
  if (isApiError(err) && err.status === 429) return err.message;
  if (isApiError(err) && err.status === 422) return err.fieldError('message') ?? MESSAGE_SEND_FAILED;
  return MESSAGE_SEND_FAILED;
}

/** A direct message to the station: subscribers write one; others are asked to upgrade. */
export function DirectMessageForm({ recipientId, canMessage }: { recipientId: string; canMessage: boolean }) {
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  // One id per message written: a resend after a failure is the same message, not a second one.
  const messageId = useRef(newRequestId());
  const send = useSendMessage();

  if (!canMessage) {
    return (
      <section className="card direct-message" aria-labelledby="dm-heading">
        <h2 id="dm-heading">Direct message</h2>
        <p>{MESSAGING_UPGRADE_REQUIRED}</p>
      </section>
    );
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    setSent(false);
    const invalid = directMessageLengthError(message);
    setError(invalid);
    if (invalid) return;
    send.mutate(
      { message: message.trim(), recipient_id: recipientId, message_id: messageId.current },
      {
        onSuccess: () => {
          setMessage('');
          setSent(true);
          messageId.current = newRequestId();
        },
        onError: (err) => setError(sendFailureText(err)),
      },
    );
  }

  return (
    <form className="card direct-message form" onSubmit={submit} aria-labelledby="dm-heading" noValidate>
      <h2 id="dm-heading">Direct message</h2>
      <TextareaField
        label="Your message"
        name="message"
        rows={4}
        value={message}
        error={error ?? undefined}
        hint={`${directMessageLength(message)}/${DIRECT_MESSAGE_MAX_LENGTH}`}
        onChange={(e) => {
          setMessage(e.target.value);
          setError(null);
          setSent(false);
        }}
      />
      {sent ? <Notice tone="success">{MESSAGES.messageSent}</Notice> : null}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={send.isPending}>
          Send message
        </button>
      </div>
    </form>
  );
}
