import { KeyRound, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { API_KEY_LIMIT, createApiKeyRequestSchema, type ApiKey, type CreatedApiKey } from '@atelier/contract';
import { errorMessage } from '../../../app/api/http';
import { useCreateApiKeyMutation, useGetApiKeysQuery, useRevokeApiKeyMutation } from '../../../app/api/plugins';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Dialog } from '../../../components/ui/Dialog';
import { Spinner } from '../../../components/ui/Spinner';
import { TextField } from '../../../components/ui/TextField';
import { SecretOnce } from './SecretOnce';
import { formatDate, formatDateTime } from '../../../lib/format';
import { SectionTitle } from './pluginsUi';

/** Create, copy once and revoke the API keys plugins and the CLI use. */
export function ApiKeysCard() {
  const keys = useGetApiKeysQuery();
  const [create, creating] = useCreateApiKeyMutation();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string>();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = createApiKeyRequestSchema.safeParse({ name });
    if (!parsed.success) return setNameError(parsed.error.issues[0]?.message);
    setNameError(undefined);
    try {
      setCreated(await create(parsed.data).unwrap());
      setName('');
    } catch (error) {
      toast.error(errorMessage(error, 'Could not create the key. Try again.'));
    }
  };

  const atLimit = (keys.data?.length ?? 0) >= API_KEY_LIMIT;
  return (
    <Card className="p-6">
      <SectionTitle icon={KeyRound} title="API keys">
        A key lets a plugin or the <code className="font-mono text-[13px]">atelier</code> command push views, start renders and download
        results for this account. It cannot change your account, billing or keys.
      </SectionTitle>

      {created ? (
        <div className="mt-5">
          <SecretOnce
            label="API key"
            value={created.key}
            note={`Copy the key “${created.name}” now: it is shown only once.`}
            onDone={() => setCreated(null)}
          />
        </div>
      ) : null}

      <form onSubmit={(e) => void submit(e)} className="mt-5 flex flex-wrap items-start gap-2" noValidate>
        <TextField
          label="Key name"
          placeholder="e.g. Blender on the studio PC"
          value={name}
          maxLength={60}
          onChange={(e) => setName(e.target.value)}
          error={nameError}
          className="min-w-56 flex-1"
          hint={atLimit ? `An account can hold ${API_KEY_LIMIT} keys: revoke one to make another.` : undefined}
        />
        <Button type="submit" className="mt-[22px]" loading={creating.isLoading} disabled={creating.isLoading || atLimit}>
          Create key
        </Button>
      </form>

      <div className="mt-6">
        {keys.isLoading ? (
          <Spinner label="Loading your keys" />
        ) : keys.isError ? (
          <Alert tone="error" title="Your keys could not be loaded">
            <Button variant="link" size="sm" onClick={() => void keys.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : keys.data && keys.data.length > 0 ? (
          <ul aria-label="API keys" className="divide-y divide-stone-100 rounded-xl border border-stone-200">
            {keys.data.map((key) => (
              <li key={key.id} className="flex items-center gap-4 px-4 py-3 text-sm">
                <div className="min-w-0 flex-1">
                  <div className="flex min-w-0 items-baseline gap-3">
                    <span className="truncate font-medium text-stone-900" title={key.name}>
                      {key.name}
                    </span>
                    <code className="shrink-0 font-mono text-[13px] text-stone-600">{key.prefix}…</code>
                  </div>
                  <div className="mt-0.5 flex flex-wrap gap-x-4 text-stone-500">
                    <span>Created {formatDate(key.createdAt)}</span>
                    <span>{key.lastUsedAt ? `Last used ${formatDateTime(key.lastUsedAt)}` : 'Never used'}</span>
                  </div>
                </div>
                <Button variant="ghost" size="sm" icon={<Trash2 className="size-4" />} onClick={() => setRevoking(key)} aria-label={`Revoke ${key.name}`}>
                  Revoke
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="rounded-xl border border-dashed border-stone-300 px-4 py-6 text-center text-sm text-stone-500">
            No API keys yet. Create one for each tool or computer, so you can revoke them one by one.
          </p>
        )}
      </div>
      <RevokeKeyDialog apiKey={revoking} onClose={() => setRevoking(null)} />
    </Card>
  );
}

function RevokeKeyDialog({ apiKey, onClose }: { apiKey: ApiKey | null; onClose: () => void }) {
  const [revoke, revoking] = useRevokeApiKeyMutation();
  const confirm = async () => {
    if (!apiKey) return;
    try {
      await revoke(apiKey.id).unwrap();
      toast.success(`Key “${apiKey.name}” revoked`);
      onClose();
    } catch (error) {
      toast.error(errorMessage(error, 'Could not revoke the key. Try again.'));
    }
  };
  return (
    <Dialog
      open={apiKey !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Revoke “${apiKey?.name ?? ''}”?`}
      description="Plugins and scripts using this key stop working at once. This cannot be undone."
      size="sm"
      dismissible={!revoking.isLoading}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={revoking.isLoading}>
            Cancel
          </Button>
          <Button variant="danger" loading={revoking.isLoading} disabled={revoking.isLoading} onClick={() => void confirm()}>
            Revoke key
          </Button>
        </>
      }
    />
  );
}
