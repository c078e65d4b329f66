import type { ContestMode } from '../hooks/use-contest-mode';
import { exchangeBoxes } from '../utils/contest-mode';
import { ExchangeBox } from './exchange-box';

/** The exchange received, one box per field in the contest's order, after the reports (Enter logs from them). */
export function ContestReceivedFields({ contest }: { contest: ContestMode }) {
  if (!contest.setup) return null;
  return (
    <>
      {exchangeBoxes(contest.receivedFields).map((field) => (
        <ExchangeBox
          key={field.id}
          field={field}
          id={`rcvd-${field.id}`}
          label={field.label}
          className="field-exchange"
          value={contest.received[field.id] ?? ''}
          onChange={(value) => contest.setReceived(field.id, value)}
        />
      ))}
    </>
  );
}
