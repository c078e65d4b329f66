import { Link } from 'react-router-dom';
import { OPERATORS_OF_THE_DAY } from '@hamlog/domain/community/rules';
import { LOADING_FEED } from '@hamlog/domain/messages';
import { Avatar } from '@/components/ui/avatar';
import { stationPath } from '@/utils/qso-format';
import { useOperatorsOfTheDay } from '../api/get-operators-of-the-day';
import './awards.css';

/** The sidebar's top three operators of the current UTC day (refreshed every 120 s). */
export function OperatorsOfTheDay() {
  const operators = (useOperatorsOfTheDay().data?.operators ?? []).slice(0, OPERATORS_OF_THE_DAY);
  return (
    <section className="operators-of-the-day" aria-labelledby="opofday-heading">
      <h2 id="opofday-heading">Operators of the day</h2>
      {operators.length === 0 ? (
        <p className="muted">{LOADING_FEED}</p>
      ) : (
        <ol className="operators-list">
          {operators.map((op) => (
            <li key={op.user.id} className="operator">
              <span className="operator-rank">{op.rank}</span>
              <Avatar imageName={op.user.profile_image_name} callsign={op.user.my_callsign} />
              <span className="operator-who">
                <Link to={stationPath(op.user.my_callsign)}>{op.user.my_callsign}</Link>
                {op.user.name ? <span className="muted"> {op.user.name}</span> : null}
              </span>
              <span className="operator-count">
                {op.qso_count}
                <span className="sr-only"> QSOs</span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
