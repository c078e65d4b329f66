import { useState } from 'react';
import { EMBED_CODES_LOAD_FAILED, EMBED_CODES_LOGIN_REQUIRED } from '@hamlog/domain/messages';
import { EMBED_CODES, embedSnippet, embedUrl, type EmbedCode } from '@hamlog/domain/embeds/embed-codes';
import { Notice } from '@/components/ui/notice';
import { Loading } from '@/components/ui/spinner';
import { TextareaField } from '@/components/ui/textarea-field';
import { useSession } from '@/lib/session';
import { useEmbedCodes, type EmbedCodesAnswer } from '../api/get-embed-codes';

/** /how-to/embeds: the five snippets with the user's callsign and ref_id; visitors are asked to log in. */
export function EmbedCodes() {
  const token = useSession()?.token ?? null;
  if (!token) return <Notice>{EMBED_CODES_LOGIN_REQUIRED}</Notice>;
  return <SignedInEmbedCodes token={token} />;
}

function SignedInEmbedCodes({ token }: { token: string }) {
  const codes = useEmbedCodes(token);
  if (codes.isPending) return <Loading />;
  if (codes.isError) return <Notice tone="error">{EMBED_CODES_LOAD_FAILED}</Notice>;
  const base = codes.data.base_url ?? window.location.origin;
  return (
    <>
      <p>
        Paste any of these into a page of your own site or blog. Each shows a small, always current view of your station; no script
        runs on your page.
      </p>
      {EMBED_CODES.map((code) => (
        <Snippet key={code.kind} code={code} answer={codes.data} base={base} />
      ))}
    </>
  );
}

function Snippet({ code, answer, base }: { code: EmbedCode; answer: EmbedCodesAnswer; base: string }) {
  const [copied, setCopied] = useState(false);
  const html = embedSnippet(base, code, answer.callsign, answer.ref_id);
  const copy = () => {
    void navigator.clipboard?.writeText(html).then(() => setCopied(true), () => undefined);
  };
  return (
    <section className="card" aria-labelledby={`embed-${code.kind}`}>
      <h2 id={`embed-${code.kind}`}>{code.title}</h2>
      <p className="muted">{code.description}</p>
      <TextareaField
        label={`HTML for the ${code.title.toLowerCase()}`}
        value={html}
        readOnly
        rows={3}
        spellCheck={false}
        onFocus={(event) => event.currentTarget.select()}
      />
      <div className="page-actions">
        <button type="button" className="btn btn-secondary btn-small" onClick={copy}>
          Copy
        </button>
        <a className="btn btn-link btn-small" href={embedUrl(base, code.kind, answer.callsign, answer.ref_id)} target="_blank" rel="noopener noreferrer">
          Preview
        </a>
        {copied ? <span role="status">Copied</span> : null}
      </div>
    </section>
  );
}
