import { useId, type FormEvent } from 'react';

/** The grid's search box: the rows whose value or name holds the text, applied on Enter or Search. */
export function AwardSearch({ query, unit, onSearch }: { query: string; unit: string; onSearch: (q: string) => void }) {
  const inputId = useId();
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    onSearch(String(new FormData(e.currentTarget).get('q') ?? '').trim());
  }
  return (
    <form className="field ap-search" role="search" onSubmit={submit}>
      <label htmlFor={inputId}>Search</label>
      <div className="input-with-button">
        {/* Keyed by the address's query, so Back and Clear show what the grid shows. */}
        <input key={query} id={inputId} name="q" type="search" defaultValue={query} placeholder={`A ${unit} or its name`} />
        <button type="submit" className="btn btn-secondary">
          Search
        </button>
        {query ? (
          <button type="button" className="btn btn-link" onClick={() => onSearch('')}>
            Clear
          </button>
        ) : null}
      </div>
    </form>
  );
}
