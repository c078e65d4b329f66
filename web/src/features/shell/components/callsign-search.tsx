import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { MESSAGES } from '@/config/messages';
import { searchTarget } from '../utils/callsign-search';

/** The station search: 3 characters or more go to /{CALLSIGN}. */
export function CallsignSearch() {
  const [text, setText] = useState('');
  const [tooShort, setTooShort] = useState(false);
  const navigate = useNavigate();
  const inputId = useId();
  const hintId = `${inputId}-hint`;

  function submit(e: FormEvent) {
    e.preventDefault();
    const target = searchTarget(text);
    if (!target) {
      setTooShort(true);
      return;
    }
    setText('');
    void navigate(target);
  }

  return (
    <form role="search" className="callsign-search" onSubmit={submit} aria-label="Stations">
      <label htmlFor={inputId} className="sr-only">
        Find a station
      </label>
      <input
        id={inputId}
        type="search"
        name="q"
        placeholder="Find a station"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        enterKeyHint="search"
        value={text}
        aria-invalid={tooShort || undefined}
        aria-describedby={tooShort ? hintId : undefined}
        onChange={(e) => {
          setText(e.target.value.toUpperCase());
          setTooShort(false);
        }}
      />
      <button type="submit" className="btn btn-secondary" aria-label="Go to station">
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="m16.5 16.5 4 4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      {tooShort ? (
        <p id={hintId} className="search-hint" role="alert">
          {MESSAGES.callsignSearchTooShort}
        </p>
      ) : null}
    </form>
  );
}
