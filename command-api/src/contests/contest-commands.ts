import {
  builtInContest,
  CONTEST_ID_PATTERN,
  contestDecider,
  contestIdFor,
  ContestNotFoundError,
  ContestNotOrganiserError,
  contestStreamName,
  parseContestInput,
  ValidationError,
  type Contest,
  type ContestInput,
  type Validated,
  type ContestDefinition,
  type UpdateContest,
} from '@hamlog/domain';
import type { AppendResult, EventMetadata, EventStore } from '@hamlog/infra/ports/event-store';
import { handleCommand } from '../handling/handle-command';

export interface ContestWritten {
  contest: Contest;
  /** null when nothing changed (a resent create, an update to the same rules). */
  appended: AppendResult | null;
}

function definitionOf(parsed: Validated<ContestDefinition>): ContestDefinition {
  if (!parsed.ok) throw new ValidationError(parsed.errors);
  return parsed.value;
}

/** A new contest organised by the caller; its id comes from the organiser, name and start, so a resend makes nothing new. */
export async function createContest(store: EventStore, organiserUserId: string, input: ContestInput, metadata: EventMetadata, at: Date): Promise<ContestWritten> {
  const definition = definitionOf(parseContestInput(input));
  const contestId = contestIdFor(organiserUserId, definition.name, definition.startsAt);
  const handled = await handleCommand(
    store,
    contestStreamName(contestId),
    contestDecider,
    { type: 'CreateContest', data: { contestId, organiserUserId, definition, at: at.toISOString() } },
    metadata,
  );
  return { contest: handled.state!.contest, appended: handled.appended };
}

/** Changes the fields given; the others keep their values. Only the organiser may; built-in contests nobody may. */
export async function updateContest(store: EventStore, contestId: string, byUserId: string, input: ContestInput, metadata: EventMetadata, at: Date): Promise<ContestWritten> {
  if (builtInContest(contestId)) throw new ContestNotOrganiserError();
  if (!CONTEST_ID_PATTERN.test(contestId)) throw new ContestNotFoundError();
  const handled = await handleCommand(store, contestStreamName(contestId), contestDecider, (state): UpdateContest => {
    // Who may change it is answered before what they sent is checked.
    if (state === null) throw new ContestNotFoundError();
    if (state.contest.organiserUserId !== byUserId) throw new ContestNotOrganiserError();
    const definition = definitionOf(parseContestInput(input, state.contest));
    return { type: 'UpdateContest', data: { contestId, byUserId, definition, at: at.toISOString() } };
  }, metadata);
  return { contest: handled.state!.contest, appended: handled.appended };
}
