/**
 * The typing checks wait for events at member2's queue that the member's typing caused, and a typing event need not
 * name its sender: another check's typing notification in the meantime (the probes of POST /typing, by any person
 * to any other) could stand in for the one a server never sent. Both take this turn, so that an event a typing check
 * waits for is its own request's.
 */
export const TYPING_TURN = 'typing notifications';
