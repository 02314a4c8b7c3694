import { SUPPORT_LIMITS, SUPPORT_MESSAGES, SUPPORT_TOPIC_LABELS, SUPPORT_TOPICS, type SupportTopic } from '@atelier/contract';
import { CheckCircle2, Paperclip, Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../app/api/http';
import { useSendSupportRequestMutation } from '../../../app/api/support';
import { useAppSelector } from '../../../app/hooks';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';

const fieldClass =
  'w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm text-stone-900 shadow-xs focus:border-brand-500 focus:ring-2 focus:ring-brand-500/20 focus:outline-none';

/** The /support contact form: a topic, the message and an optional attachment; answered by e-mail. */
export function SupportContactForm({ initialTopic = 'other' }: { initialTopic?: SupportTopic }) {
  const email = useAppSelector((s) => s.auth.user?.email);
  const [topic, setTopic] = useState<SupportTopic>(initialTopic);
  const [message, setMessage] = useState('');
  const [attachment, setAttachment] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [send, sending] = useSendSupportRequestMutation();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (message.trim().length < SUPPORT_LIMITS.messageMin) return setError(`Please describe it in at least ${SUPPORT_LIMITS.messageMin} characters`);
    if (attachment && attachment.size > SUPPORT_LIMITS.attachmentMaxBytes) return setError(SUPPORT_MESSAGES.attachmentTooLarge);
    try {
      await send({ topic, message: message.trim(), attachment }).unwrap();
      setSent(true);
      setMessage('');
      setAttachment(null);
    } catch (err) {
      setError(errorMessage(err, SUPPORT_MESSAGES.failed));
    }
  };

  if (sent) {
    return (
      <Card className="p-6">
        <div className="flex items-start gap-3" role="status">
          <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden />
          <div>
            <p className="text-sm font-medium text-stone-900">{SUPPORT_MESSAGES.sent}</p>
            <p className="mt-1 text-sm text-stone-600">A receipt is on its way to {email ?? 'your e-mail'}.</p>
            <Button className="mt-4" variant="secondary" size="sm" onClick={() => setSent(false)}>
              Write another message
            </Button>
          </div>
        </div>
      </Card>
    );
  }

  return (
    <Card className="p-6">
      <h2 className="text-base font-semibold text-stone-900">Contact support</h2>
      <p className="mt-1 text-sm text-stone-600">We answer by e-mail{email ? ` at ${email}` : ''}, usually within one working day.</p>
      <form className="mt-5 flex flex-col gap-4" onSubmit={(e) => void submit(e)} noValidate>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <label className="flex flex-col gap-1.5 text-sm font-medium text-stone-800">
          Topic
          <select className={fieldClass} value={topic} onChange={(e) => setTopic(e.target.value as SupportTopic)}>
            {SUPPORT_TOPICS.map((t) => (
              <option key={t} value={t}>
                {SUPPORT_TOPIC_LABELS[t]}
              </option>
            ))}
          </select>
        </label>
        {topic === 'student_verification' ? (
          <p className="-mt-2 text-[13px] text-stone-500">Tell us where you study or teach, and attach a student or staff card if you have one.</p>
        ) : null}
        <label className="flex flex-col gap-1.5 text-sm font-medium text-stone-800">
          Message
          <textarea className={`${fieldClass} min-h-32`} value={message} maxLength={SUPPORT_LIMITS.messageMax} onChange={(e) => setMessage(e.target.value)} />
        </label>
        <label className="flex flex-col gap-1.5 text-sm font-medium text-stone-800">
          <span className="inline-flex items-center gap-1.5">
            <Paperclip className="size-4 text-stone-400" aria-hidden /> Attachment (optional)
          </span>
          <input
            type="file"
            accept={SUPPORT_LIMITS.attachmentTypes.join(',')}
            onChange={(e) => setAttachment(e.target.files?.[0] ?? null)}
            className="text-sm font-normal text-stone-600 file:mr-3 file:rounded-md file:border-0 file:bg-stone-100 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-stone-800 hover:file:bg-stone-200"
          />
          <span className="text-xs font-normal text-stone-500">JPG, PNG, WEBP or PDF, up to 10 MB.</span>
        </label>
        <div>
          <Button type="submit" loading={sending.isLoading} icon={<Send className="size-4" />}>
            Send message
          </Button>
        </div>
      </form>
    </Card>
  );
}
