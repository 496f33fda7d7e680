export default async function globalTeardown() {
  await globalThis.__STAMPLINE_PG__?.stop();
}
