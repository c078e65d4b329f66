import { NO_SUPPORTERS_YET } from '@hamlog/domain/messages';
import { Loading } from '@/components/ui/spinner';
import { useSupporters } from '../api/payments';

/** The donors who agreed to be listed: callsign and name (text only, never markup). */
export function SupportersList() {
  const supporters = useSupporters();
  if (supporters.isPending) return <Loading />;
  const list = supporters.data?.supporters ?? [];
  if (list.length === 0) return <p className="muted">{NO_SUPPORTERS_YET}</p>;
  return (
    <ul className="plain-list supporters-list">
      {list.map((s) => (
        <li key={s.my_callsign}>
          <strong>{s.my_callsign}</strong>
          {s.name ? ` ${s.name}` : ''}
        </li>
      ))}
    </ul>
  );
}
