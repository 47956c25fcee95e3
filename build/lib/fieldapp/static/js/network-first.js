/**
 * How the service worker answers a page the officer opens (sw.js: navigate): the office's page if
 * it comes quickly; else the page the phone keeps; else, when the phone keeps no such page, the
 * office's page after all if it comes within a longer wait (a busy office or a slow link: the
 * officer would rather wait than be told "offline" while online); else the offline page.
 *
 * Pure policy: the request, the cache and the clock come in as arguments (unit-tested in
 * tests/js/network-first.test.js).
 */
const TIMED_OUT = Symbol("timed out");

function within(promise, ms, setTimer = setTimeout, clearTimer = clearTimeout) {
  let timer;
  const late = new Promise((resolve) => { timer = setTimer(() => resolve(TIMED_OUT), ms); });
  return Promise.race([promise, late]).finally(() => clearTimer(timer));
}

/**
 * fetched: the office's answer (a promise that rejects when the link or the office fails);
 * kept(): the page the phone keeps, or null; offline(): the page that says the phone is offline.
 */
export async function networkFirst({ fetched, kept, offline, quickMs, patientMs, setTimer, clearTimer }) {
  fetched.catch(() => {}); // a failure after the kept page was shown is no error
  let answer;
  try {
    answer = await within(fetched, quickMs, setTimer, clearTimer);
    if (answer !== TIMED_OUT) return answer;
  } catch (err) {
    return (await kept()) || offline();
  }
  const page = await kept();
  if (page) return page;
  try {
    answer = await within(fetched, patientMs, setTimer, clearTimer);
  } catch (err) {
    answer = TIMED_OUT;
  }
  return answer === TIMED_OUT ? offline() : answer;
}
