import fs from 'node:fs';
import { launchChromium, newOfflineContext } from './test/support/browser.ts';
import { startStaticServer } from './test/support/static-server.ts';
const server = await startStaticServer('_site');
const browser = await launchChromium();
const context = await newOfflineContext(browser, { viewport: { width: 1280, height: 800 } });
const page = await context.newPage();
await page.addInitScript(`
  var svt = document.startViewTransition.bind(document);
  document.startViewTransition = function (cb) { console.timeStamp('vt start'); var t = svt(function () { console.timeStamp('update start'); cb(); console.timeStamp('update end'); }); t.ready.then(function () { console.timeStamp('ready'); setTimeout(function () { console.timeStamp('ready+timeout'); }); }); t.finished.then(function () { console.timeStamp('finished'); }); return t; };
`);
await page.goto(server.url + '/config/test/root');
await page.waitForTimeout(1500);
for (let round = 0; round < 3; round++) {
  const next = page.locator('.pager.next');
  await next.hover(); await page.waitForTimeout(300);
  await browser.startTracing(page, { path: '/tmp/trace2.json', categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline.frame', 'cc', 'viz', 'benchmark', 'blink.user_timing'] });
  await next.click(); await page.waitForTimeout(400);
  await browser.stopTracing();
  const trace = JSON.parse(fs.readFileSync('/tmp/trace2.json', 'utf8'));
  const ev = (trace.traceEvents ?? trace);
  const click = ev.find((e: any) => e.name === 'EventDispatch' && e.args?.data?.type === 'click');
  const t0 = click.ts;
  const rows: [number, string][] = [];
  for (const e of ev) {
    const t = (e.ts - t0) / 1000;
    if (t < -5 || t > 120) continue;
    if (e.name === 'TimeStamp') rows.push([t, 'MARK ' + e.args?.data?.message]);
    else if (e.name === 'PipelineReporter' && e.ph === 'b') rows.push([t, `frame(begin) seq ${e.args?.chrome_frame_reporter?.frame_sequence ?? ''} ${e.args?.chrome_frame_reporter?.state ?? ''}`]);
    else if (e.name === 'PipelineReporter' && e.ph === 'e') rows.push([t, `frame(end)`]);
    else if (['BeginFrame', 'DrawFrame', 'Commit', 'Paint', 'Layout', 'UpdateLayoutTree', 'ActivateLayerTree', 'Display::DrawAndSwap', 'Screenshot'].includes(e.name) && (e.ph === 'X' || e.ph === 'I' || e.ph === 'B')) rows.push([t, e.name + (e.dur ? ` ${(e.dur / 1000).toFixed(1)}ms` : '') + ` tid${e.tid}`]);
  }
  rows.sort((a, b) => a[0] - b[0]);
  console.log('--- round', round);
  for (const [t, s] of rows) if (/MARK|DrawFrame|Commit|Layout|DrawAndSwap|Paint/.test(s)) console.log(t.toFixed(1).padStart(6), s);
}
await browser.close(); await server.close();
