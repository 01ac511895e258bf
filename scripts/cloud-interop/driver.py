#!/usr/bin/env python3
"""Random-operation driver for `plistctl cloud` (used by retry.sh).

Runs N random set/remove/sync operations spread over several simulated machines
(separate HOME/XDG dirs), keeps a model of acknowledged writes, then syncs every
machine twice and checks convergence + model.  Prints a PASS/FAIL line; exit 1 on FAIL.
"""
import argparse, hashlib, json, os, plistlib, random, string, subprocess, sys, threading, time
import urllib.request

ap = argparse.ArgumentParser()
ap.add_argument('--bin', required=True)
ap.add_argument('--root', required=True)
ap.add_argument('--label', required=True)
ap.add_argument('--machines', default='A,B,C')
ap.add_argument('--ops', type=int, default=600)
ap.add_argument('--seed', type=int, default=None)
ap.add_argument('--git-url')
ap.add_argument('--folder', action='append', default=[], help='M=PATH (folder mode)')
ap.add_argument('--st', action='append', default=[], help='M=APIPORT:APIKEY:FOLDERID (syncthing)')
ap.add_argument('--phase', type=int, default=30, help='ops per phase (folder mode)')
ap.add_argument('--carry-timeout', type=float, default=120)
ap.add_argument('--watch', action='store_true', help='keep `cloud watch` running on every machine during the ops')
args = ap.parse_args()

seed = args.seed if args.seed is not None else random.randrange(1 << 30)
rng = random.Random(seed)
BIN, ROOT, LABEL = args.bin, args.root, args.label
MACH = args.machines.split(',')
STORE = 'prefs'
FOLDERS = dict(x.split('=', 1) for x in args.folder)
ST = {}
for x in args.st:
    mname, rest = x.split('=', 1)
    port, key, fid = rest.split(':', 2)
    ST[mname] = (int(port), key, fid)
MODE = 'git' if args.git_url else 'folder'
T0 = time.time()
LOG = open(os.path.join(ROOT, 'ops.log'), 'w')
problems = []          # hard failures -> FAIL
notes = []             # worth reporting, not a FAIL by itself
stats = {'set': 0, 'remove': 0, 'sync': 0, 'concurrent_sync_rounds': 0, 'get_checks': 0,
         'sync_fail': 0, 'write_fail': 0, 'carry_waits': 0}
timings = {'sync': [], 'set': [], 'carry': []}


def log(*a):
    print(f'{time.time() - T0:8.3f}', *a, file=LOG, flush=True)


def env_for(mach):
    d = os.path.join(ROOT, mach)
    e = dict(os.environ)
    for sub in ('home', 'config', 'data', 'state'):
        os.makedirs(os.path.join(d, sub), exist_ok=True)
    e.update(HOME=f'{d}/home', XDG_CONFIG_HOME=f'{d}/config', XDG_DATA_HOME=f'{d}/data',
             XDG_STATE_HOME=f'{d}/state')
    return e


ENVS = {mc: env_for(mc) for mc in MACH}


def cmd(mach, *a, timeout=90):
    return ['timeout', '-k', '5', str(timeout), BIN] + list(a)


def run(mach, *a, timeout=90):
    t = time.time()
    p = subprocess.run(cmd(mach, *a, timeout=timeout), env=ENVS[mach], capture_output=True,
                       text=True, errors='replace')
    dt = time.time() - t
    log(mach, 'rc=%d' % p.returncode, '%.3fs' % dt, ' '.join(repr(x) for x in a),
        '| out:', p.stdout.strip()[:300].replace('\n', '\\n'),
        '| err:', p.stderr.strip()[:300].replace('\n', '\\n'))
    return p.returncode, p.stdout, p.stderr, dt


def start(mach, *a, timeout=90):
    log(mach, 'start-bg', ' '.join(repr(x) for x in a))
    return (mach, a, time.time(), subprocess.Popen(cmd(mach, *a, timeout=timeout), env=ENVS[mach],
                                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                                   text=True, errors='replace'))


def finish(h):
    mach, a, t, p = h
    out, err = p.communicate()
    dt = time.time() - t
    log(mach, 'bg rc=%d' % p.returncode, '%.3fs' % dt, ' '.join(repr(x) for x in a),
        '| out:', out.strip()[:300].replace('\n', '\\n'), '| err:', err.strip()[:300].replace('\n', '\\n'))
    return p.returncode, out, err, dt


# ---------------------------------------------------------------- model
KEYS = ['k%02d' % i for i in range(40)] + ['Théme', 'key with space', 'dotted.key', 'UPPER_Case', '日本語']
model = {}         # key -> ('set', value) | ('del',)
uncertain = {}     # key -> list of acceptable outcomes, when a write's ack was unclear
STR_CHARS = string.ascii_letters + string.digits + ' _.,:;/=+é日ü€'


def rand_value():
    t = rng.choice(['int', 'string', 'bool', 'float'])
    if t == 'int':
        v = rng.choice([rng.randint(-1000, 1000), rng.randint(-2**40, 2**40), 0])
        return t, ['-int', str(v)], v
    if t == 'string':
        n = rng.choice([0, 1, 5, 12, 40])
        s = ''.join(rng.choice(STR_CHARS) for _ in range(n))
        if s.startswith('-'):
            s = 'x' + s
        if rng.random() < 0.1:
            s = rng.choice(['1', '0', 'true', 'YES', '3.5'])  # strings that look like other types
        return t, ['-string', s], s
    if t == 'bool':
        w = rng.choice(['true', 'false', 'yes', 'no', 'YES', 'NO'])
        return t, ['-bool', w], w.lower() in ('true', 'yes')
    v = rng.choice([round(rng.uniform(-1e4, 1e4), 3), rng.randint(-50, 50) * 0.25, 0.1, 1e-7, 123456.789])
    return t, ['-float', repr(v)], float(v)


def same(expected, got):
    if type(expected) is bool or type(got) is bool:
        return type(expected) is type(got) and expected == got
    if isinstance(expected, float):
        return isinstance(got, float) and abs(expected - got) <= 1e-9 * max(1.0, abs(expected))
    return type(expected) is type(got) and expected == got


def parse_xml(out):
    return plistlib.loads(out.encode())


def op_set(mach, concurrent=False):
    key = rng.choice(KEYS)
    t, argv, v = rand_value()
    rc, out, err, dt = run(mach, 'cloud', 'set', STORE, key, *argv)
    timings['set'].append(dt)
    stats['set'] += 1
    if rc != 0:
        stats['write_fail'] += 1
        problems.append(f'set failed on {mach}: {key} {argv} rc={rc} err={err.strip()!r}')
        uncertain.setdefault(key, [model.get(key, ('del',))]).append(('set', v))
        return
    model[key] = ('set', v)
    uncertain.pop(key, None)
    # read-your-write on the same machine
    rc, out, err, _ = run(mach, 'cloud', 'get', '--xml', STORE, key)
    stats['get_checks'] += 1
    try:
        got = parse_xml(out) if rc == 0 else None
    except Exception as ex:
        got = f'<unparsable: {ex}>'
    if rc != 0 or not same(v, got):
        problems.append(f'read-your-write on {mach}{" (during concurrent syncs)" if concurrent else ""}: '
                        f'set {key} {argv} then get -> rc={rc} {got!r} err={err.strip()!r}')


def op_remove(mach, concurrent=False):
    ks = rng.sample(KEYS, rng.choice([1, 1, 1, 2]))
    rc, out, err, dt = run(mach, 'cloud', 'remove', STORE, *ks)
    stats['remove'] += 1
    if rc != 0:
        stats['write_fail'] += 1
        problems.append(f'remove failed on {mach}: {ks} rc={rc} err={err.strip()!r}')
        for k in ks:
            uncertain.setdefault(k, [model.get(k, ('del',))]).append(('del',))
        return
    for k in ks:
        model[k] = ('del',)
        uncertain.pop(k, None)
    k = ks[0]
    rc, out, err, _ = run(mach, 'cloud', 'get', STORE, k)
    stats['get_checks'] += 1
    if rc == 0:
        problems.append(f'remove then get on {mach}: {k} still there: {out.strip()!r}')


def op_sync(mach, must=False):
    rc, out, err, dt = run(mach, 'cloud', 'sync', STORE)
    timings['sync'].append(dt)
    stats['sync'] += 1
    if rc != 0:
        stats['sync_fail'] += 1
        msg = f'sync rc={rc} on {mach} after {dt:.1f}s: {err.strip()[:200]!r}'
        (problems if must else notes).append(msg)
    return rc


def concurrent_syncs():
    stats['concurrent_sync_rounds'] += 1
    ms = [mc for mc in MACH if rng.random() < 0.8] or MACH[:2]
    hs = [start(mc, 'cloud', 'sync', STORE) for mc in ms]
    # sometimes write while the syncs run (writes never wait for the network)
    for _ in range(rng.choice([0, 0, 1, 2, 3])):
        (op_set if rng.random() < 0.75 else op_remove)(rng.choice(MACH), concurrent=True)
    for h in hs:
        rc, out, err, dt = finish(h)
        timings['sync'].append(dt)
        stats['sync'] += 1
        if rc != 0:
            stats['sync_fail'] += 1
            notes.append(f'concurrent sync rc={rc} on {h[0]} after {dt:.1f}s: {err.strip()[:200]!r}')


# ---------------------------------------------------------------- syncthing helpers
st_events = {m: [] for m in ST}
st_errors = []
stop_evt = threading.Event()


def api(mach, path, timeout=10):
    port, key, _ = ST[mach]
    req = urllib.request.Request(f'http://127.0.0.1:{port}{path}', headers={'X-API-Key': key})
    with urllib.request.urlopen(req, timeout=timeout) as r:
        return json.loads(r.read() or b'null')


def event_poller(mach):
    since = 0
    while not stop_evt.is_set():
        try:
            evs = api(mach, f'/rest/events?since={since}&timeout=2&events=ItemFinished,FolderErrors,'
                            f'LocalChangeDetected,RemoteChangeDetected', timeout=10) or []
        except Exception as ex:
            time.sleep(0.2)
            continue
        for ev in evs:
            since = max(since, ev['id'])
            st_events[mach].append(ev)
            d = ev.get('data') or {}
            if ev['type'] == 'FolderErrors' or (ev['type'] == 'ItemFinished' and d.get('error')):
                st_errors.append((mach, ev['type'], d))
                log('SYNCTHING-ERROR', mach, json.dumps(ev))


def folder_errors_now():
    for mc, (port, key, fid) in ST.items():
        try:
            r = api(mc, f'/rest/folder/errors?folder={fid}')
        except Exception as ex:
            continue
        for e in (r or {}).get('errors') or []:
            st_errors.append((mc, 'rest/folder/errors', e))
            log('SYNCTHING-FOLDER-ERROR', mc, json.dumps(e))


conflicts_seen = set()


def snapshot(folder):
    """{name: sha1} of the replica files (not temporaries) in a store folder."""
    out = {}
    for dp, dn, fn in os.walk(folder):
        for f in fn:
            rel = os.path.relpath(os.path.join(dp, f), folder)
            if '.sync-conflict-' in f:
                conflicts_seen.add(rel)
            if f.startswith('.syncthing.') or f.startswith('~syncthing~'):
                continue
            try:
                with open(os.path.join(dp, f), 'rb') as fh:
                    out[rel] = hashlib.sha1(fh.read()).hexdigest()
            except OSError:
                out[rel] = None
    return out


def carried():
    """Bounded poll until every instance's folder holds the same files and Syncthing reports 100%."""
    stats['carry_waits'] += 1
    t = time.time()
    deadline = t + args.carry_timeout
    last = None
    while time.time() < deadline:
        snaps = [snapshot(FOLDERS[mc]) for mc in MACH]
        if all(s == snaps[0] for s in snaps):
            ok = True
            for mc, (port, key, fid) in ST.items():
                try:
                    st = api(mc, f'/rest/db/status?folder={fid}')
                    if st.get('needTotalItems', 1) != 0 or st.get('state') not in ('idle',):
                        ok = False
                    for other in ST:
                        if other == mc:
                            continue
                        c = api(mc, f'/rest/db/completion?folder={fid}&device={DEVID[other]}')
                        if c.get('completion') != 100 or c.get('needItems', 1) != 0:
                            ok = False
                except Exception as ex:
                    ok = False
            if ok:
                # stable for a moment? re-check the files once more
                if [snapshot(FOLDERS[mc]) for mc in MACH] == snaps:
                    timings['carry'].append(time.time() - t)
                    folder_errors_now()
                    return True
        last = snaps
        time.sleep(0.2)
    timings['carry'].append(time.time() - t)
    folder_errors_now()
    problems.append(f'syncthing did not carry the files within {args.carry_timeout}s: '
                    + '; '.join(f'{mc}: {sorted(s.items())}' for mc, s in zip(MACH, last or [])))
    return False


DEVID = {}
if ST:
    for mc in ST:
        DEVID[mc] = api(mc, '/rest/system/status')['myID']
        threading.Thread(target=event_poller, args=(mc,), daemon=True).start()

# ---------------------------------------------------------------- run
log('seed', seed)
print(f'[{LABEL}] seed={seed} machines={",".join(MACH)} ops={args.ops} mode={MODE}', flush=True)
for mc in MACH:
    where = ['--git', args.git_url] if MODE == 'git' else ['--folder', FOLDERS[mc]]
    rc, out, err, dt = run(mc, 'cloud', 'attach', STORE, *where)
    if rc != 0:
        problems.append(f'attach failed on {mc}: rc={rc} {err.strip()!r}')
for mc in MACH:
    op_sync(mc, must=True)
    if MODE == 'folder':
        carried()

watchers = []
if args.watch:
    for mc in MACH:
        watchers.append(start(mc, 'cloud', 'watch', '--json', *(['--interval', '2'] if MODE == 'git' else []),
                              STORE, timeout=3000))
t_ops = time.time()
for i in range(args.ops):
    mc = rng.choice(MACH)
    r = rng.random()
    if r < 0.55:
        op_set(mc)
    elif r < 0.70:
        op_remove(mc)
    elif r < 0.92 or MODE == 'folder':
        op_sync(mc)
    else:
        concurrent_syncs()
    if MODE == 'folder' and (i + 1) % args.phase == 0:
        # end of a phase: let Syncthing carry, sync each machine, let it carry again
        carried()
        for mc2 in MACH:
            op_sync(mc2)
            carried()
t_ops = time.time() - t_ops
for h in watchers:
    if h[3].poll() is not None:
        problems.append(f'cloud watch on {h[0]} exited early with rc={h[3].returncode}')
    h[3].terminate()
    rc, out, err, dt = finish(h)
    lines = [l for l in out.splitlines() if l.strip()]
    notes.append(f'cloud watch on {h[0]}: {len(lines)} change lines, rc={rc} after SIGTERM'
                 + (f', stderr: {err.strip()[:300]!r}' if err.strip() else ''))
    try:
        for l in lines:
            json.loads(l)
    except Exception as ex:
        problems.append(f'cloud watch --json on {h[0]} printed a non-JSON line: {l[:200]!r}')

t_fin = time.time()
for rnd in range(2):
    for mc in MACH:
        if MODE == 'folder':
            carried()
        op_sync(mc, must=True)
if MODE == 'folder':
    carried()
t_fin = time.time() - t_fin

# ---------------------------------------------------------------- checks
views = {}
for mc in MACH:
    rc, out, err, _ = run(mc, 'cloud', 'get', '--xml', STORE)
    try:
        views[mc] = parse_xml(out)
    except Exception as ex:
        problems.append(f'{mc}: cloud get --xml unparsable rc={rc}: {ex} {err!r}')
        views[mc] = {}
    rc, out, err, _ = run(mc, 'cloud', 'list', STORE)
    lst = [l for l in out.split('\n') if l]
    if sorted(lst) != sorted(views[mc].keys()):
        problems.append(f'{mc}: cloud list {sorted(lst)} != keys of cloud get {sorted(views[mc])}')
    rc, out, err, _ = run(mc, 'cloud', 'status', STORE)
    for line in out.splitlines():
        if line.startswith('pending:') and 'none' not in line:
            problems.append(f'{mc}: after final syncs, cloud status says {line.strip()!r}')
        if 'held back' in line or 'unreadable' in line or 'stray' in line:
            notes.append(f'{mc}: status: {line.strip()}')

base = MACH[0]
for mc in MACH[1:]:
    if views[mc].keys() != views[base].keys() or any(not same(views[base][k], views[mc][k]) for k in views[base]):
        diff = {k: (views[base].get(k, '<absent>'), views[mc].get(k, '<absent>'))
                for k in set(views[base]) | set(views[mc])
                if k not in views[base] or k not in views[mc] or not same(views[base][k], views[mc][k])}
        problems.append(f'machines {base} and {mc} disagree on {len(diff)} keys: {dict(list(diff.items())[:5])}')

mism = []
for k in KEYS:
    exp = model.get(k, ('del',))
    for mc in MACH:
        got = views[mc].get(k, None)
        oks = uncertain.get(k, [exp])
        good = any((o[0] == 'del' and k not in views[mc]) or (o[0] == 'set' and k in views[mc] and same(o[1], got))
                   for o in oks)
        if not good:
            mism.append(f'{mc}:{k} expected {exp if len(oks) == 1 else oks} got '
                        f'{"<absent>" if k not in views[mc] else repr(got)}')
if mism:
    problems.append(f'{len(mism)} (machine,key) values differ from the last acknowledged write: ' + '; '.join(mism[:8]))

if MODE == 'folder':
    stop_evt.set()
    conf_now = []
    for mc in MACH:
        for dp, dn, fn in os.walk(FOLDERS[mc]):
            conf_now += [os.path.join(dp, f) for f in fn if '.sync-conflict-' in f]
    if conf_now:
        problems.append(f'sync-conflict files remain: {conf_now}')
    if conflicts_seen:
        notes.append(f'sync-conflict files seen during the run: {sorted(conflicts_seen)}')
    def err_paths(e):
        d = e[2]
        if e[1] == 'FolderErrors':
            return [x.get('path', '') for x in d.get('errors') or []]
        return [d.get('item') or d.get('path') or '']
    is_tmp = lambda path: os.path.basename(path).startswith(('.syncthing.', '~syncthing~')) or 'plistctl-' in path
    tmp_errs = [e for e in st_errors if any(is_tmp(x) for x in err_paths(e))]
    if tmp_errs:
        problems.append(f'Syncthing reported errors on plistctl temporaries: {tmp_errs[:5]}')
    other = [e for e in st_errors if e not in tmp_errs]
    if other:
        kinds = {}
        for e in other:
            k = (e[0], e[1], e[2].get('error') or json.dumps(e[2])[:120])
            kinds[k] = kinds.get(k, 0) + 1
        notes.append(f'Syncthing reported {len(other)} transient errors on replica files (retried): '
                     + '; '.join(f'{n}x {k[0]} {k[1]} {k[2]!r}' for k, n in kinds.items()))
    final_errs = []
    for mc, (port, key, fid) in ST.items():
        r = api(mc, f'/rest/folder/errors?folder={fid}') or {}
        final_errs += [(mc, x) for x in r.get('errors') or []]
    if final_errs:
        problems.append(f'/rest/folder/errors still lists errors at the end: {final_errs[:5]}')
    nfin = {mc: sum(1 for e in st_events[mc] if e['type'] == 'ItemFinished') for mc in ST}
    notes.append(f'syncthing ItemFinished events per instance: {nfin}')
    tmpseen = {mc: sorted({e['data'].get('item') for e in st_events[mc] if e['type'] in ('ItemFinished', 'LocalChangeDetected', 'RemoteChangeDetected')
                           and '.tmp' in str(e['data'].get('item', e['data'].get('path', '')))}) for mc in ST}
    if any(tmpseen.values()):
        problems.append(f'Syncthing handled temporary files as items: {tmpseen}')


def pct(xs, p):
    if not xs:
        return 0
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p * len(xs)))]


live = sum(1 for v in model.values() if v[0] == 'set')
total = time.time() - T0
print(f'[{LABEL}] ops={args.ops} set={stats["set"]} remove={stats["remove"]} sync={stats["sync"]} '
      f'(failed {stats["sync_fail"]}) concurrent-rounds={stats["concurrent_sync_rounds"]} '
      f'get-checks={stats["get_checks"]} write-fail={stats["write_fail"]} final-keys={live}')
print(f'[{LABEL}] timings: total={total:.1f}s ops={t_ops:.1f}s final-syncs={t_fin:.1f}s '
      f'sync median={pct(timings["sync"], .5):.3f}s p95={pct(timings["sync"], .95):.3f}s max={max(timings["sync"] or [0]):.3f}s '
      f'set median={pct(timings["set"], .5):.3f}s'
      + (f' carry waits={len(timings["carry"])} median={pct(timings["carry"], .5):.2f}s max={max(timings["carry"] or [0]):.2f}s'
         if timings['carry'] else ''))
for n in notes[:15]:
    print(f'[{LABEL}] note: {n}')
if len(notes) > 15:
    print(f'[{LABEL}] note: ... {len(notes) - 15} more notes in {ROOT}/ops.log')
for p in problems[:20]:
    print(f'[{LABEL}] problem: {p}')
print(f'[{LABEL}] {"PASS" if not problems else "FAIL"} ({len(problems)} problems, seed {seed}, log {ROOT}/ops.log)', flush=True)
sys.exit(0 if not problems else 1)
