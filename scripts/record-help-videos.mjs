// Records the default intro videos of the Help page (apps/console/public/help-videos): starts the
// built product on a fresh demo database (as the browser tests do), drives Chromium through short
// walkthroughs with Playwright's recordVideo, and writes <name>.webm with WebVTT captions
// <name>.vtt describing each step and a poster <name>.jpg, the frame the player shows before it
// plays (taken where the walkthrough calls `poster()`). Vite copies public/ into dist, so the console serves them at
// /help-videos (HELP_VIDEOS_URL points elsewhere to serve others).
//
//   npm run build && npm run record:help-videos [-- --only creating-rewards,redemption-experience]
//
// Needs Chromium (CHROMIUM_PATH, default /usr/bin/chromium) and ffmpeg with libvpx (FFMPEG_PATH,
// default the one on PATH); as root with apt-get, missing Debian packages are installed. Playwright
// records through its own ffmpeg build, which is not downloaded here: the script hands it the
// system's ffmpeg instead, through a temporary PLAYWRIGHT_BROWSERS_PATH. The raw recordings are
// then re-encoded (VP9, constant quality, 15 fps) to keep the four files well under 2 MB.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';

import { repoRoot } from './lib/first-screen.mjs';
import { freePort, freshDataDir, msUntilOk, startServer } from './lib/server.mjs';

const outputDir = path.join(repoRoot, 'apps/console/public/help-videos');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const viewport = { width: 960, height: 540 };
const password = 'demo-pass-2026';
/** The whole set must stay small: it ships inside the console's dist folder. */
const budgetBytes = 2 * 1024 * 1024;

/** @param {string} message @returns {never} */
function fail(message) {
  console.error(`record-help-videos: ${message}`);
  process.exit(1);
}

/** @param {string} command */
function onPath(command) {
  const found = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : null;
}

/**
 * A Debian package's program, installed with apt-get when it is missing and we are root (as
 * scripts/test.mjs does for Chromium); otherwise a message saying what to install.
 * @param {string} program path or name of the executable
 * @param {string} aptPackage
 * @param {string} envName the variable that points at another binary
 */
function ensureProgram(program, aptPackage, envName) {
  const resolved = program.includes('/')
    ? fs.existsSync(program)
      ? program
      : null
    : onPath(program);
  if (resolved) return resolved;
  if (process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get') && !process.env[envName]) {
    console.log(`${program} is missing; installing Debian's ${aptPackage} with apt-get.`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    // Wait for another install's dpkg lock instead of failing.
    const waitForLock = ['-o', 'DPkg::Lock::Timeout=600'];
    const ok =
      spawnSync('apt-get', [...waitForLock, 'update'], { stdio: 'inherit', env }).status === 0 &&
      spawnSync('apt-get', [...waitForLock, 'install', '-y', aptPackage], {
        stdio: 'inherit',
        env,
      }).status === 0;
    const installed = program.includes('/') ? program : onPath(program);
    if (ok && installed && fs.existsSync(installed)) return installed;
  }
  return fail(
    `${program} not found. Install Debian/Ubuntu's ${aptPackage} (apt-get install -y ${aptPackage}) or set ${envName}.`,
  );
}

/**
 * Gives Playwright the system's ffmpeg where it looks for its own build:
 * <PLAYWRIGHT_BROWSERS_PATH>/ffmpeg-<revision>/ffmpeg-linux. Must run before Playwright loads.
 * @param {string} ffmpeg
 */
function provideFfmpegToPlaywright(ffmpeg) {
  const require = createRequire(import.meta.url);
  const core = path.dirname(require.resolve('playwright-core/package.json'));
  /** @type {{ browsers: { name: string, revision: string }[] }} */
  const browsers = JSON.parse(fs.readFileSync(path.join(core, 'browsers.json'), 'utf8'));
  const revision = browsers.browsers.find((browser) => browser.name === 'ffmpeg')?.revision;
  if (!revision) fail('this Playwright version does not name an ffmpeg revision');
  const registry = fs.mkdtempSync(path.join(os.tmpdir(), 'boon-playwright-'));
  const folder = path.join(registry, `ffmpeg-${revision}`);
  fs.mkdirSync(folder);
  fs.symlinkSync(ffmpeg, path.join(folder, 'ffmpeg-linux'));
  process.env.PLAYWRIGHT_BROWSERS_PATH = registry;
  return registry;
}

/** "00:00:03.250" @param {number} ms */
function vttTime(ms) {
  const total = Math.max(0, Math.round(ms));
  const pad = (/** @type {number} */ value, size = 2) => String(value).padStart(size, '0');
  const hours = Math.floor(total / 3_600_000);
  const minutes = Math.floor(total / 60_000) % 60;
  const seconds = Math.floor(total / 1000) % 60;
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}.${pad(total % 1000, 3)}`;
}

/**
 * @typedef {{ start: number, text: string }} Cue
 * @param {Cue[]} cues start times in ms from the start of the video
 * @param {number} end the video's length in ms
 */
function toVtt(cues, end) {
  const blocks = cues.map((cue, index) => {
    const until = cues[index + 1]?.start ?? end;
    return `${index + 1}\n${vttTime(cue.start)} --> ${vttTime(until)}\n${cue.text}`;
  });
  return `WEBVTT\n\n${blocks.join('\n\n')}\n`;
}

/** The length of a media file in ms, read by ffmpeg. @param {string} ffmpeg @param {string} file */
function durationMs(ffmpeg, file) {
  // ffmpeg prints the length it decoded as "time=HH:MM:SS.cc" when writing to the null muxer.
  const probe = spawnSync(ffmpeg, ['-hide_banner', '-i', file, '-f', 'null', '-'], {
    encoding: 'utf8',
  });
  const times = [...probe.stderr.matchAll(/time=(\d+):(\d+):(\d+(?:\.\d+)?)/g)];
  const last = times.at(-1);
  if (!last) fail(`could not read the length of ${file}:\n${probe.stderr}`);
  const [, hours, minutes, seconds] = /** @type {RegExpMatchArray} */ (last);
  return Math.round(((Number(hours) * 60 + Number(minutes)) * 60 + Number(seconds)) * 1000);
}

/**
 * Re-encodes Playwright's raw recording (VP9 at about 1 Mbit/s, 25 fps) into a small file: a
 * console screen is mostly still, so constant quality at 15 fps costs little. The recording
 * starts on a blank tab; the first `startMs` are cut, so the player's still frame is the page.
 * @param {string} ffmpeg @param {string} input @param {string} output @param {number} startMs
 */
function compress(ffmpeg, input, output, startMs) {
  const encoded = spawnSync(
    ffmpeg,
    [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-i', input, '-ss', `${startMs / 1000}`],
      '-an',
      ...['-r', '15', '-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '40'],
      ...['-deadline', 'good', '-cpu-used', '2', '-row-mt', '1', '-g', '150'],
      ...['-pix_fmt', 'yuv420p', '-metadata', 'title=', output],
    ],
    { encoding: 'utf8' },
  );
  if (encoded.status !== 0) fail(`ffmpeg could not encode ${output}:\n${encoded.stderr}`);
}

/**
 * One walkthrough being recorded: `say` starts a caption at the current moment of the video,
 * `pause` lets the viewer read it.
 * @typedef {import('playwright-core').Page} Page
 * `poster` takes the still the player shows before the video plays, at a moment that shows what
 * the title promises.
 * @typedef {{ page: Page, say(text: string): void, pause(ms: number): Promise<void>, poster(): Promise<void> }} Scene
 * @typedef {{ name: string, signedInAs?: string, script(scene: Scene): Promise<void> }} Walkthrough
 */

/** @param {Page} page */
function sidebar(page) {
  return page.getByRole('navigation', { name: 'Main' });
}

/**
 * Moves the pointer onto an element, visibly, without clicking. The shell grows screen by
 * screen, so an element a caption mentions may not be there yet: then the pointer stays put.
 * @param {import('playwright-core').Locator} target
 */
async function point(target) {
  const first = target.first();
  if ((await first.count()) === 0) return;
  await first.scrollIntoViewIfNeeded();
  await first.hover();
}

/** @param {Page} page @param {string} email */
async function signIn(page, email) {
  await page.goto('/');
  await page.getByLabel('Email address', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByRole('button', { name: 'Log Out', exact: true }).waitFor();
}

/**
 * Opens a page through its sidebar entry, or by its address while the sidebar has no such entry.
 * @param {Page} page @param {string} label @param {string} pathname
 */
async function openFromSidebar(page, label, pathname) {
  const link = sidebar(page).getByRole('link', { name: label, exact: true });
  if ((await link.count()) > 0) {
    await point(link);
    await link.click();
  } else {
    await page.goto(pathname);
  }
  await page.getByRole('heading', { level: 1, name: label }).waitFor();
}

/**
 * Scrolls the page down slowly, so the viewer can follow.
 * @param {Page} page @param {number} pixels @param {number} [steps]
 */
async function glide(page, pixels, steps = 8) {
  for (let step = 0; step < steps; step += 1) {
    await page.mouse.wheel(0, pixels / steps);
    await sleep(120);
  }
}

/**
 * Headless screencasts show no mouse pointer, so each page gets a dot that follows it (CSSOM
 * styles only, which the console's content security policy allows).
 */
function showPointer() {
  /* global document, addEventListener -- this function runs in the page, not in Node */
  addEventListener('DOMContentLoaded', () => {
    const dot = document.createElement('div');
    dot.setAttribute('aria-hidden', 'true');
    Object.assign(dot.style, {
      position: 'fixed',
      zIndex: '2147483647',
      width: '20px',
      height: '20px',
      margin: '-10px 0 0 -10px',
      borderRadius: '50%',
      background: 'rgba(79, 70, 229, 0.3)',
      border: '2px solid rgba(79, 70, 229, 0.9)',
      pointerEvents: 'none',
      left: '-40px',
      top: '-40px',
      transition: 'left 300ms ease, top 300ms ease',
    });
    document.body.append(dot);
    addEventListener(
      'mousemove',
      (event) => {
        dot.style.left = `${event.clientX}px`;
        dot.style.top = `${event.clientY}px`;
      },
      true,
    );
  });
}

/**
 * Points at each entry of the sidebar in turn. @param {Page} page @param {string[]} labels
 * @param {number} ms per entry
 */
async function tour(page, labels, ms) {
  for (const label of labels) {
    await point(sidebar(page).getByRole('link', { name: label, exact: true }));
    await sleep(ms);
  }
}

/** The shell's button for a new order, where the sidebar has one. @param {Page} page */
function createRewardButton(page) {
  return page
    .getByRole('link', { name: /create new reward/i })
    .or(page.getByRole('button', { name: /create new reward/i }));
}

/**
 * Places an order through the API with the page's own sign-in, as the console does, and returns
 * the first link once it has been issued.
 * @param {Page} page @param {Record<string, unknown>} order
 */
async function orderLink(page, order) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Log Out', exact: true }).waitFor();
  const token = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.startsWith('oidc.user:'));
    return JSON.parse(localStorage.getItem(key ?? '') ?? '{}').access_token;
  });
  const headers = { Authorization: `Bearer ${token}`, 'x-customer-id': 'C-ACME0001' };
  const placed = await page.request.post('/api/ordering/orders', {
    headers: { ...headers, 'Idempotency-Key': `help-video-${Date.now()}` },
    data: order,
  });
  if (!placed.ok()) fail(`the demo order was refused: ${await placed.text()}`);
  const { orderId } = await placed.json();
  for (let tries = 0; tries < 60; tries += 1) {
    const answer = await (
      await page.request.get(`/api/ordering/orders/${orderId}`, { headers })
    ).json();
    const url = answer.items?.find(
      (/** @type {{ redemptionUrl?: string }} */ item) => item.redemptionUrl,
    )?.redemptionUrl;
    if (url) return url;
    await sleep(500);
  }
  return fail(`order ${orderId} issued no link in 30 s`);
}

/** @type {Walkthrough[]} */
const walkthroughs = [
  {
    name: 'home-walkthrough',
    signedInAs: 'multi@acme.test',
    async script({ page, say, pause, poster }) {
      await page.goto('/');
      const switcher = page.getByRole('combobox', { name: 'Customer' });
      await switcher.waitFor({ timeout: 30_000 });
      say('Work for more than one company? Choose the one you act for with the customer switcher.');
      await point(switcher);
      await pause(1200);
      await switcher.click();
      await pause(900);
      await point(page.getByRole('option', { name: 'Acme Rewards Ltd' }));
      await pause(700);
      await page.getByRole('option', { name: 'Acme Rewards Ltd' }).click();
      await pause(1200);
      say('Home greets you with that company, its customer ID and your role.');
      await point(page.getByRole('heading', { level: 1 }).first());
      await pause(1800);
      await poster();
      await glide(page, 300, 6);
      await pause(1600);
      say(
        'The sidebar leads to every part of the console your role allows, with Settings and Help.',
      );
      await tour(page, ['Home', 'Team', 'Settings', 'Help'], 900);
      await pause(600);
      say('Switching company is deliberate: pick it from the list, and the console says so.');
      await point(switcher);
      await switcher.click();
      await pause(700);
      await page.getByRole('option', { name: 'Globex Corporation' }).click();
      await pause(1800);
      say('Log Out is at the bottom of the sidebar when you are done.');
      await point(page.getByRole('button', { name: 'Log Out', exact: true }));
      await pause(1800);
    },
  },
  {
    name: 'platform-overview',
    signedInAs: 'owner@acme.test',
    async script({ page, say, pause, poster }) {
      await page.goto('/');
      await page.getByRole('button', { name: 'Log Out', exact: true }).waitFor();
      say(
        'Boon sends digital rewards and payouts: gift cards and cash-outs for employees, customers and research participants.',
      );
      await point(page.getByRole('heading', { level: 1 }).first());
      await pause(2400);
      await poster();
      await pause(1200);
      say('Your company works in one console: Home shows where you stand and what to do first.');
      await glide(page, 400, 8);
      await pause(2200);
      say('Your team joins by invitation, each person with the role they need.');
      await openFromSidebar(page, 'Team', '/user/team');
      await page.mouse.move(600, 300);
      await pause(2600);
      say('Rewards are paid from prepaid balances in many currencies; Help explains every step.');
      await openFromSidebar(page, 'Help', '/help');
      await page.mouse.move(600, 300);
      await glide(page, 500, 8);
      await pause(1800);
      say('Want a guided tour? Book a demo, or reach our team, from Help.');
      await point(page.getByRole('link', { name: /^Book a demo/ }));
      await pause(2600);
    },
  },
  {
    name: 'creating-rewards',
    signedInAs: 'owner@acme.test',
    async script({ page, say, pause, poster }) {
      await page.goto('/');
      await page.getByRole('button', { name: 'Log Out', exact: true }).waitFor();
      say('Owners, admins and managers start an order with Create new reward.');
      await point(createRewardButton(page));
      await pause(2200);
      await createRewardButton(page).first().click();
      await page.getByRole('heading', { level: 1, name: 'Create a new reward' }).waitFor();
      say('A reward goes by e-mail, or as links you share yourself.');
      const byEmail = page.getByRole('link', { name: /^Send by e-mail/ });
      await point(byEmail);
      await pause(2200);
      await byEmail.click();
      await page.getByRole('heading', { level: 1, name: 'Reward details' }).waitFor();
      say("Choose the merchant from the network, in the recipient's country and currency.");
      await page.getByRole('link', { name: 'Choose a merchant' }).click();
      const brands = page.getByRole('dialog', { name: 'Choose merchants' });
      await brands
        .getByRole('textbox', { name: 'Search merchants' })
        .pressSequentially('Northwind', { delay: 80 });
      const merchant = brands.getByRole('checkbox', { name: 'Northwind Coffee', exact: true });
      await merchant.waitFor();
      await point(merchant);
      await merchant.check();
      await pause(1400);
      await brands.getByRole('button', { name: 'Use this merchant' }).click();
      say(
        'Set the value, a description for your records and the message; or schedule it for later.',
      );
      const value = page.getByRole('textbox', { name: /^Value of each reward/ });
      await value.fill('25');
      await point(value);
      await poster();
      await pause(2200);
      await glide(page, 500, 8);
      await pause(1600);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('heading', { level: 1, name: 'Who gets the reward' }).waitFor();
      say('Add each recipient by name and e-mail address, or paste a list: up to 200 an order.');
      await page.getByRole('link', { name: 'Paste a list of recipients' }).click();
      const paste = page.getByRole('dialog', { name: 'Add recipients' });
      await paste
        .getByRole('textbox', { name: 'Recipients' })
        .pressSequentially('Grace Hopper, grace@example.com\nAlan Turing, alan@example.com', {
          delay: 25,
        });
      await pause(800);
      await paste.getByRole('button', { name: 'Add recipients' }).click();
      await pause(1600);
      await page.getByRole('button', { name: 'Continue to payment' }).click();
      await page.getByRole('heading', { level: 1, name: 'Payment' }).waitFor();
      say('The price shows your discount, and your balance before and after the order.');
      await point(page.getByRole('region', { name: 'Price' }));
      await pause(3000);
      const pay = page.getByRole('button', { name: /^Pay .* and send$/ });
      await point(pay);
      await pay.click();
      await page
        .getByRole('heading', { level: 1, name: 'Order complete' })
        .waitFor({ timeout: 30_000 });
      say('Each reward is issued and mailed; follow every order in Order history.');
      await pause(2400);
      await openFromSidebar(page, 'Order history', '/orders');
      await page.mouse.move(600, 300);
      await pause(2600);
    },
  },
  {
    name: 'redemption-experience',
    signedInAs: 'owner@acme.test',
    async script({ page, say, pause, poster }) {
      // A link offering two merchants, ordered behind the scenes as the console would.
      const link = await orderLink(page, {
        deliveryType: 'link',
        productCodes: ['NORTHWIND-COFFEE-US', 'ACORN-BOOKS-US'],
        currency: 'USD',
        faceValue: '25.00',
        quantity: 1,
        message: {
          header: 'Thank you!',
          body: 'For taking part in our study. Choose where to spend your reward.',
          colour: '#1d4ed8',
        },
      });
      await page.goto(link);
      await page.getByRole('heading', { level: 1, name: 'Thank you!' }).waitFor();
      say(
        'Your recipient opens the link from their e-mail, or the one you shared: no account needed.',
      );
      await poster();
      await pause(3000);
      say('The page carries your message and colour, the value, and the merchants you offered.');
      await glide(page, 300, 6);
      await pause(2400);
      const choice = page.getByRole('radio', { name: /Acorn Books/ });
      await point(choice);
      await choice.check();
      await pause(1200);
      say('They choose one, and their code and how to use it appear at once.');
      const claim = page.getByRole('button', { name: 'Claim my reward' });
      await point(claim);
      await claim.click();
      await page.getByRole('heading', { name: /code$/ }).waitFor();
      await pause(2400);
      await glide(page, 400, 8);
      say('Opening the link again shows the same code, so nothing is lost.');
      await pause(3000);
    },
  },
];

/** The walkthroughs named with --only (comma-separated), or all of them. */
function chosenWalkthroughs() {
  const { values } = parseArgs({ options: { only: { type: 'string' } } });
  if (!values.only) return walkthroughs;
  const names = values.only.split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !walkthroughs.some((w) => w.name === name));
  if (unknown.length > 0) {
    fail(
      `--only: no walkthrough ${unknown.join(', ')} (${walkthroughs.map((w) => w.name).join(', ')})`,
    );
  }
  return walkthroughs.filter((walkthrough) => names.includes(walkthrough.name));
}

async function main() {
  const chosen = chosenWalkthroughs();
  for (const file of ['apps/server/dist/main.js', 'apps/console/dist/index.html']) {
    if (!fs.existsSync(path.join(repoRoot, file)))
      fail(`${file} is missing; run \`npm run build\` first.`);
  }
  const chromium = ensureProgram(chromiumPath, 'chromium', 'CHROMIUM_PATH');
  const ffmpeg = ensureProgram(process.env.FFMPEG_PATH ?? 'ffmpeg', 'ffmpeg', 'FFMPEG_PATH');
  const registry = provideFfmpegToPlaywright(ffmpeg);
  const { chromium: playwright } = await import('playwright-core');

  const port = await freePort(8282);
  const dataDir = freshDataDir('help-videos');
  const server = startServer({ port, dataDir, stdio: 'ignore' });
  const rawDir = fs.mkdtempSync(path.join(os.tmpdir(), 'boon-help-videos-'));
  const browser = await playwright
    .launch({
      executablePath: chromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    })
    .catch(async (error) => {
      await server.stop();
      throw error;
    });
  try {
    await msUntilOk(server, '/readyz');
    fs.mkdirSync(outputDir, { recursive: true });
    /** @typedef {Awaited<ReturnType<import('playwright-core').BrowserContext['storageState']>>} StorageState */
    /** @type {Map<string, StorageState>} */
    const sessions = new Map();
    // A zone away from UTC, so ticking "Use UTC for dates and times" visibly changes the sample.
    const contextOptions = {
      baseURL: server.url,
      viewport,
      locale: 'en-US',
      timezoneId: 'America/New_York',
    };

    let total = 0;
    for (const walkthrough of chosen) {
      /** @type {StorageState | undefined} */
      let storageState;
      if (walkthrough.signedInAs) {
        storageState = sessions.get(walkthrough.signedInAs);
        if (!storageState) {
          const context = await browser.newContext(contextOptions);
          await signIn(await context.newPage(), walkthrough.signedInAs);
          storageState = await context.storageState();
          sessions.set(walkthrough.signedInAs, storageState);
          await context.close();
        }
      }
      /** Records the walkthrough once; the raw video and its captions. */
      const record = async () => {
        const context = await browser.newContext({
          ...contextOptions,
          storageState,
          recordVideo: { dir: rawDir, size: viewport },
        });
        try {
          await context.addInitScript(showPointer);
          const page = await context.newPage();
          page.setDefaultTimeout(15_000);
          const startedAt = Date.now();
          /** @type {Cue[]} */
          const cues = [];
          /** @type {Buffer | undefined} */
          let poster;
          await walkthrough.script({
            page,
            say: (text) => cues.push({ start: Date.now() - startedAt, text }),
            pause: (ms) => sleep(ms),
            poster: async () => {
              poster = await page.screenshot({ type: 'jpeg', quality: 80 });
            },
          });
          const video = page.video();
          await context.close();
          if (!video) return fail('Playwright recorded no video');
          if (!poster) return fail(`${walkthrough.name} took no poster`);
          return { raw: await video.path(), cues, poster };
        } finally {
          await context.close();
        }
      };
      // A walkthrough drives a real browser against a real server: a slow moment on a busy
      // machine may time it out, so it gets a second try before the script gives up.
      let recording;
      for (let attempt = 1; !recording; attempt += 1) {
        try {
          recording = await record();
        } catch (error) {
          const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
          if (attempt >= 2) fail(`${walkthrough.name} failed: ${message}`);
          console.warn(`${walkthrough.name} failed (${message}); recording it again.`);
        }
      }
      const { raw } = recording;
      // The video begins with the first caption, when the first page is ready (a little after,
      // as frames reach the recorder a moment after the page paints them).
      const startMs = (recording.cues[0]?.start ?? 0) + 250;
      const cues = recording.cues.map((cue) => ({
        ...cue,
        start: Math.max(0, cue.start - startMs),
      }));

      const webm = path.join(outputDir, `${walkthrough.name}.webm`);
      compress(ffmpeg, raw, webm, startMs);
      const length = durationMs(ffmpeg, webm);
      fs.writeFileSync(path.join(outputDir, `${walkthrough.name}.vtt`), toVtt(cues, length));
      fs.writeFileSync(path.join(outputDir, `${walkthrough.name}.jpg`), recording.poster);
      const size = fs.statSync(webm).size + recording.poster.length;
      total += size;
      console.log(
        `${path.relative(repoRoot, webm)}  ${(length / 1000).toFixed(1)} s  ${(size / 1024).toFixed(0)} KB  ${cues.length} captions`,
      );
    }
    console.log(`total ${(total / 1024).toFixed(0)} KB of ${(budgetBytes / 1024).toFixed(0)} KB`);
    if (total > budgetBytes) fail('the videos are over budget; shorten the walkthroughs');
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(rawDir, { recursive: true, force: true });
    fs.rmSync(registry, { recursive: true, force: true });
  }
}

await main();
