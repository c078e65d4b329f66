/** The decider pattern: the state of one stream is a fold of its events; commands are decided against it. */

/** An event or command as the domain sees it; version and metadata are added where it is stored. */
export interface Message<Type extends string, Data> {
  type: Type;
  data: Data;
}

export interface Decider<Command, Event, State> {
  initialState(): State;
  /** The events a command causes; throws a DomainError when it must be refused. */
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
}

/** The state after the given events, from `state` (the decider's initial state unless given). */
export function foldEvents<Event, State>(
  decider: Pick<Decider<never, Event, State>, 'initialState' | 'evolve'>,
  events: readonly Event[],
  state: State = decider.initialState(),
): State {
  let folded = state;
  for (const event of events) folded = decider.evolve(folded, event);
  return folded;
}

/** For the exhaustive `never` check at the end of a switch over a union's `type`. */
export function assertNever(value: never): never {
  throw new Error(`Unhandled: ${JSON.stringify(value)}`);
}
