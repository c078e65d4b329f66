import type { FeedUserCard } from '@hamlog/domain/community/api-shapes';
import { isCqOpMode } from '@hamlog/domain/community/rules';
import { humanTimeSince } from '@hamlog/domain/human-time';
import { LIVE_STATION_NO_RIG } from '@hamlog/domain/live-station/texts';
import { FrequencyText } from '@/components/ui/frequency-text';
import { MESSAGES } from '@/config/messages';
import { useNow } from '@/lib/use-now';

/** How often 'reported 12 seconds ago' is renewed. */
const CLOCK_MS = 5_000;

/** The station's rig as the live feed has it now (the same card the home page shows). */
export function StationRig({ card }: { card: FeedUserCard }) {
  const now = useNow(CLOCK_MS, card.rig_reported_at !== null);
  const activation = [card.activation_type, card.activation_ref].filter((part) => part.trim() !== '').join(' ');
  const onAir = card.on_freq || card.is_live;
  return (
    <section className="card live-rig" aria-labelledby="live-rig-heading">
      <h2 id="live-rig-heading">Rig</h2>
      <p className="live-rig-markers">
        {onAir ? <span className="live-marker live-marker-on-air">{MESSAGES.onAir}</span> : <span className="live-marker">Off the air</span>}
        {card.ptt_down ? <span className="live-marker live-marker-tx">{MESSAGES.txing}</span> : null}
        {isCqOpMode(card.op_mode) ? <span className="live-marker live-marker-cq">CQ</span> : null}
      </p>
      {card.rig_reported_at === null ? (
        <p className="muted">{LIVE_STATION_NO_RIG}</p>
      ) : (
        <dl className="live-rig-facts">
          <dt>Frequency</dt>
          <dd className="live-rig-freq">
            <FrequencyText khz={card.freq} masked={card.contesting} />
            {card.freq === null && !card.contesting ? <span className="muted">none</span> : null}
          </dd>
          <dt>Mode</dt>
          <dd>{card.mode || <span className="muted">none</span>}</dd>
          {card.prop_mode ? (
            <>
              <dt>Propagation</dt>
              <dd>{card.prop_mode}</dd>
            </>
          ) : null}
          {card.rig_name ? (
            <>
              <dt>Rig</dt>
              <dd>{card.rig_name}</dd>
            </>
          ) : null}
          {card.azimuth !== null ? (
            <>
              <dt>Antenna</dt>
              <dd>
                {card.azimuth}° azimuth{card.elevation !== null ? `, ${card.elevation}° elevation` : ''}
              </dd>
            </>
          ) : null}
          {activation ? (
            <>
              <dt>Activation</dt>
              <dd>{activation}</dd>
            </>
          ) : null}
          <dt>Last report</dt>
          <dd>
            <time dateTime={card.rig_reported_at}>{humanTimeSince(card.rig_reported_at, new Date(Math.max(now, Date.parse(card.rig_reported_at))))}</time>
          </dd>
        </dl>
      )}
    </section>
  );
}
