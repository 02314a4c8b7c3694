import { Trash2, Webhook } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import {
  createWebhookEndpointRequestSchema,
  WEBHOOK_EVENTS,
  WEBHOOK_LOG_SIZE,
  type CreatedWebhookEndpoint,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEvent,
} from '@atelier/contract';
import { errorMessage } from '../../../app/api/http';
import { useCreateWebhookEndpointMutation, useGetWebhookEndpointsQuery, useRemoveWebhookEndpointMutation } from '../../../app/api/plugins';
import { Alert } from '../../../components/ui/Alert';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Checkbox } from '../../../components/ui/Checkbox';
import { Spinner } from '../../../components/ui/Spinner';
import { TextField } from '../../../components/ui/TextField';
import { SecretOnce } from './SecretOnce';
import { formatDateTime } from '../../../lib/format';
import { SectionTitle } from './pluginsUi';

/** The delivery logs change in the background: refreshed while the page is open. */
const LOG_REFRESH_MS = 15_000;

/** Add and remove webhook endpoints, each with its recent deliveries. */
export function WebhooksCard() {
  const endpoints = useGetWebhookEndpointsQuery(undefined, { pollingInterval: LOG_REFRESH_MS, skipPollingIfUnfocused: true });
  const [create, creating] = useCreateWebhookEndpointMutation();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['batch.completed', 'batch.failed']);
  const [formError, setFormError] = useState<string>();
  const [created, setCreated] = useState<CreatedWebhookEndpoint | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = createWebhookEndpointRequestSchema.safeParse({ url, events });
    if (!parsed.success) return setFormError(parsed.error.issues[0]?.message);
    setFormError(undefined);
    try {
      setCreated(await create(parsed.data).unwrap());
      setUrl('');
    } catch (error) {
      setFormError(errorMessage(error, 'Could not add the endpoint. Try again.'));
    }
  };
  const toggle = (e: WebhookEvent, on: boolean) => setEvents((current) => (on ? [...current, e] : current.filter((x) => x !== e)));

  return (
    <Card className="p-6">
      <SectionTitle icon={Webhook} title="Webhooks">
        Atelier POSTs a signed JSON message (Standard Webhooks) to your URL when a render batch finishes or fails, or when regions are
        ready. A delivery that gets no 2xx is tried again, 5 times over about an hour.
      </SectionTitle>

      {created ? (
        <div className="mt-5">
          <SecretOnce
            label="Signing secret"
            value={created.secret}
            note="Copy the signing secret now: it is shown only once. Verify each delivery's webhook-signature with it."
            onDone={() => setCreated(null)}
          />
        </div>
      ) : null}

      <form onSubmit={(e) => void submit(e)} className="mt-5 flex flex-col gap-3" noValidate>
        <div className="flex flex-wrap items-start gap-2">
          <TextField
            label="Endpoint URL"
            type="url"
            placeholder="https://example.com/hooks/atelier"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            error={formError}
            className="min-w-64 flex-1"
          />
          <Button type="submit" className="mt-[22px]" loading={creating.isLoading} disabled={creating.isLoading}>
            Add endpoint
          </Button>
        </div>
        <fieldset className="flex flex-wrap gap-x-6 gap-y-2">
          <legend className="mb-2 text-[13px] font-medium text-stone-700">Events</legend>
          {WEBHOOK_EVENTS.map((e) => (
            <Checkbox key={e} label={e} checked={events.includes(e)} onChange={(ev) => toggle(e, ev.target.checked)} />
          ))}
        </fieldset>
      </form>

      <div className="mt-6 flex flex-col gap-4">
        {endpoints.isLoading ? (
          <Spinner label="Loading your endpoints" />
        ) : endpoints.isError ? (
          <Alert tone="error" title="Your webhook endpoints could not be loaded">
            <Button variant="link" size="sm" onClick={() => void endpoints.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : endpoints.data && endpoints.data.length > 0 ? (
          endpoints.data.map((endpoint) => <EndpointRow key={endpoint.id} endpoint={endpoint} />)
        ) : (
          <p className="rounded-xl border border-dashed border-stone-300 px-4 py-6 text-center text-sm text-stone-500">
            No webhook endpoints yet.
          </p>
        )}
      </div>
    </Card>
  );
}

function EndpointRow({ endpoint }: { endpoint: WebhookEndpoint }) {
  const [remove, removing] = useRemoveWebhookEndpointMutation();
  const onRemove = async () => {
    try {
      await remove(endpoint.id).unwrap();
      toast.success('Endpoint removed');
    } catch (error) {
      toast.error(errorMessage(error, 'Could not remove the endpoint. Try again.'));
    }
  };
  return (
    <section aria-label={`Endpoint ${endpoint.url}`} className="rounded-xl border border-stone-200">
      <div className="flex flex-wrap items-center gap-2 border-b border-stone-100 px-4 py-3">
        <code className="min-w-0 flex-1 truncate font-mono text-[13px] text-stone-800" title={endpoint.url}>
          {endpoint.url}
        </code>
        {endpoint.events.map((e) => (
          <Badge key={e}>{e}</Badge>
        ))}
        <Button variant="ghost" size="sm" icon={<Trash2 className="size-4" />} loading={removing.isLoading} disabled={removing.isLoading} onClick={() => void onRemove()}>
          Remove
        </Button>
      </div>
      {endpoint.deliveries.length === 0 ? (
        <p className="px-4 py-3 text-sm text-stone-500">No deliveries yet: they appear here when a render or region job finishes.</p>
      ) : (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Last {WEBHOOK_LOG_SIZE} deliveries</caption>
          <thead className="text-[12px] text-stone-500">
            <tr>
              <th className="px-4 py-2 font-medium">Time</th>
              <th className="px-4 py-2 font-medium">Event</th>
              <th className="px-4 py-2 font-medium">Status code</th>
              <th className="px-4 py-2 font-medium">Result</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {endpoint.deliveries.map((d) => (
              <DeliveryRow key={d.id} delivery={d} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

const RESULT = {
  delivered: { tone: 'brand', text: 'Delivered' },
  pending: { tone: 'warning', text: 'Retrying' },
  failed: { tone: 'danger', text: 'Failed' },
} as const;

function DeliveryRow({ delivery }: { delivery: WebhookDelivery }) {
  const result = delivery.status === 'pending' && delivery.attempts === 0 ? { tone: 'neutral', text: 'Queued' } as const : RESULT[delivery.status];
  return (
    <tr>
      <td className="px-4 py-2 whitespace-nowrap text-stone-600">{formatDateTime(delivery.createdAt)}</td>
      <td className="px-4 py-2 font-mono text-[13px] text-stone-800">{delivery.event}</td>
      <td className="px-4 py-2 tabular-nums text-stone-800">{delivery.statusCode ?? '—'}</td>
      <td className="px-4 py-2">
        <span title={delivery.error ?? undefined} className="inline-flex items-center gap-2">
          <Badge tone={result.tone}>{result.text}</Badge>
          <span className="text-[12px] text-stone-500">
            {delivery.attempts} {delivery.attempts === 1 ? 'try' : 'tries'}
          </span>
        </span>
      </td>
    </tr>
  );
}
