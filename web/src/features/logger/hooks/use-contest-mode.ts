import { useEffect, useMemo, useState } from 'react';
import { exchangeQsoInput, type ExchangeQsoInput } from '@hamlog/domain/contests/rules/exchange-input';
import { readStored, readStoredJson, writeStored } from '@/lib/storage';
import { useContestCheck, useContestLogger, useContests } from '../api/contest-mode';
import { CONTEST_MODE_KEY, contestCandidate, contestSentKey, offeredContests, sentValues, serialAfter } from '../utils/contest-mode';

/** How long typing pauses before the contact is checked. */
const CHECK_AFTER_MS = 250;

function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

interface Typed {
  call: string;
  freq: string;
  mode: string;
}

/**
 * The logger's contest mode: the chosen contest (remembered), what the station sends (remembered
 * per contest, the serial counting up), the exchange being received, and the server's answers: the
 * boxes, the check before Enter, the rate and the claimed score.
 */
export function useContestMode(signedIn: boolean, typed: Typed) {
  const [contestId, setContestIdState] = useState<string | null>(() => readStored(CONTEST_MODE_KEY) || null);
  const [sentTyped, setSentTyped] = useState<Record<string, string>>(() => (contestId ? (readStoredJson<Record<string, string>>(contestSentKey(contestId)) ?? {}) : {}));
  const [serial, setSerial] = useState<string | null>(null);
  const [received, setReceived] = useState<Record<string, string>>({});
  const active = signedIn ? contestId : null;

  const contests = useContests(signedIn);
  const offered = useMemo(() => offeredContests(contests.data?.contests ?? [], Date.now(), contestId), [contests.data, contestId]);
  const start = useContestLogger(active);
  const setup = start.data;

  const candidateNow = useMemo(() => (setup ? contestCandidate(typed.call, typed.freq, typed.mode, received) : null), [setup, typed.call, typed.freq, typed.mode, received]);
  const candidateKey = JSON.stringify(candidateNow);
  const candidate = useSettled(candidateNow, CHECK_AFTER_MS);
  // The answer shown is for the contact on screen: none while the call is being changed.
  const check = useContestCheck(active, candidate);
  const checkAnswer = candidateNow !== null && JSON.stringify(candidate) === candidateKey && !check.isPlaceholderData ? check.data : undefined;

  const sentFields = setup?.sent_fields ?? [];
  const receivedFields = (candidateNow ? check.data?.received_fields : undefined) ?? setup?.received_fields ?? [];
  const serialValue = serial ?? String(setup?.next_serial ?? '');
  const sent = sentValues(sentFields, sentTyped, setup?.sent_defaults ?? {}, serialValue);
  // The figures after the last log: the check's when it came after, else the start's.
  const figures = checkAnswer ?? setup;

  function choose(id: string | null) {
    setContestIdState(id);
    writeStored(CONTEST_MODE_KEY, id);
    setSentTyped(id ? (readStoredJson<Record<string, string>>(contestSentKey(id)) ?? {}) : {});
    setSerial(null);
    setReceived({});
  }

  function setSent(id: string, value: string, isSerial: boolean) {
    if (isSerial) return setSerial(value);
    const next = { ...sentTyped, [id]: value };
    setSentTyped(next);
    if (contestId) writeStored(contestSentKey(contestId), JSON.stringify(next));
  }

  /** The exchange as /vqso/upsert fields, with the report boxes' values as its RST. */
  function qsoInput(snt: string, rcv: string): (ExchangeQsoInput & { ContestName: string }) | null {
    if (!active || !setup) return null;
    const exchange = exchangeQsoInput({ sent: sentFields, received: receivedFields }, { sent: { ...sent, rst: snt }, received: { ...received, rst: rcv } });
    return { ...exchange, ContestName: setup.rules.cabrillo_name };
  }

  /** After a contact was logged: the received boxes empty, the serial one up. */
  function logged() {
    setReceived({});
    setSerial(serialAfter(serialValue));
  }

  return {
    contestId: active,
    choose,
    offered,
    setup,
    loading: start.isPending && active !== null,
    failed: start.isError,
    sentFields,
    sent,
    setSent,
    receivedFields,
    received,
    setReceived: (id: string, value: string) => setReceived((r) => ({ ...r, [id]: value })),
    checkAnswer,
    figures,
    qsoInput,
    logged,
  };
}

export type ContestMode = ReturnType<typeof useContestMode>;
