// Runs a WASI command module (wasm32-wasi, preview 1) under Node.js: the
// emulator of the wasm32 preset (cmake/toolchains/wasm32-wasi.cmake).
//   node wasi-run.mjs PROGRAM.wasm [ARGS...]
// The program sees ARGS (argv[0] is its path), the environment, and the file
// system from / (one preopened directory, "/"); its exit status is this
// process's.
//
// Why not node:wasi: Node's own WASI keeps the address of the module's memory
// from the start and does not follow it when the program grows its memory
// (every malloc that needs more pages does), so a program that grows it past
// a few tens of MB had its later writes land in freed memory: Node 20
// segfaulted at exit in 6 of 10 runs of a 64 MB allocation here (Node
// issues 51303 and 53087 report the same family of crashes). The calls
// below take the memory afresh on every call, and cover what the core's
// tests and robust_answers_digest import: arguments, environment, clocks,
// standard streams, and reading and writing files by absolute path. Anything
// else answers ENOSYS.
import fs from 'node:fs';
import process from 'node:process';

const [program, ...programArgs] = process.argv.slice(2);
if (!program) {
  console.error('usage: node wasi-run.mjs PROGRAM.wasm [ARGS...]');
  process.exit(2);
}

// WASI preview-1 error numbers used here.
const E = { SUCCESS: 0, ACCES: 2, BADF: 8, EXIST: 20, INVAL: 28, IO: 29, ISDIR: 31, NOENT: 44,
            NOSYS: 52, NOTDIR: 54, SPIPE: 70 };
const errnoOf = (e) => ({ ENOENT: E.NOENT, EACCES: E.ACCES, EPERM: E.ACCES, EEXIST: E.EXIST,
                          EISDIR: E.ISDIR, ENOTDIR: E.NOTDIR, EBADF: E.BADF }[e && e.code] ?? E.IO);

class Exit {
  constructor(code) { this.code = code; }
}

let memory = null;
const view = () => new DataView(memory.buffer);
const bytes = (ptr, len) => new Uint8Array(memory.buffer, ptr, len);
const text = (ptr, len) => Buffer.from(bytes(ptr, len)).toString('utf8');

// Strings for args_get / environ_get: NUL-terminated, pointers in a table.
function putStrings(list, tablePtr, bufPtr) {
  const v = view();
  let p = bufPtr;
  list.forEach((s, i) => {
    const b = Buffer.from(s + '\0', 'utf8');
    v.setUint32(tablePtr + 4 * i, p, true);
    bytes(p, b.length).set(b);
    p += b.length;
  });
  return E.SUCCESS;
}
function putSizes(list, countPtr, sizePtr) {
  const v = view();
  v.setUint32(countPtr, list.length, true);
  v.setUint32(sizePtr, list.reduce((n, s) => n + Buffer.byteLength(s, 'utf8') + 1, 0), true);
  return E.SUCCESS;
}

const args = [program, ...programArgs];
const environ = Object.entries(process.env).map(([k, val]) => `${k}=${val}`);

// Descriptors: 0-2 the standard streams, 3 the preopened "/", then files
// the program opened ({ host: Node fd, pos: offset }).
const PREOPEN = 3;
const files = new Map();
let nextFd = 4;

function iovecs(iovs, count) {
  const v = view();
  const out = [];
  for (let i = 0; i < count; ++i)
    out.push([v.getUint32(iovs + 8 * i, true), v.getUint32(iovs + 8 * i + 4, true)]);
  return out;
}

const imports = {
  args_sizes_get: (c, s) => putSizes(args, c, s),
  args_get: (t, b) => putStrings(args, t, b),
  environ_sizes_get: (c, s) => putSizes(environ, c, s),
  environ_get: (t, b) => putStrings(environ, t, b),
  clock_time_get(id, _precision, out) {
    const ns = id === 0 ? BigInt(Date.now()) * 1000000n : process.hrtime.bigint();
    view().setBigUint64(out, ns, true);
    return E.SUCCESS;
  },
  fd_write(fd, iovs, count, nwritten) {
    const host = fd === 1 || fd === 2 ? fd : files.get(fd)?.host;
    if (host === undefined) return E.BADF;
    let n = 0;
    try {
      for (const [ptr, len] of iovecs(iovs, count)) {
        const f = files.get(fd);
        let done = 0;
        while (done < len) {
          done += fs.writeSync(host, bytes(ptr + done, len - done), 0, len - done,
                               f ? f.pos + done : null);
        }
        if (f) f.pos += len;
        n += len;
      }
    } catch (e) {
      if (e.code !== 'EAGAIN') return errnoOf(e);
    }
    view().setUint32(nwritten, n, true);
    return E.SUCCESS;
  },
  fd_read(fd, iovs, count, nread) {
    const f = fd === 0 ? { host: 0, pos: null } : files.get(fd);
    if (!f) return E.BADF;
    let n = 0;
    try {
      for (const [ptr, len] of iovecs(iovs, count)) {
        const got = fs.readSync(f.host, bytes(ptr, len), 0, len, f.pos);
        if (f.pos !== null) f.pos += got;
        n += got;
        if (got < len) break;
      }
    } catch (e) {
      return errnoOf(e);
    }
    view().setUint32(nread, n, true);
    return E.SUCCESS;
  },
  fd_seek(fd, offset, whence, out) {
    const f = files.get(fd);
    if (!f) return fd <= 2 ? E.SPIPE : E.BADF;
    const base = whence === 0 ? 0 : whence === 1 ? f.pos : fs.fstatSync(f.host).size;
    const pos = base + Number(offset);
    if (pos < 0) return E.INVAL;
    f.pos = pos;
    view().setBigUint64(out, BigInt(pos), true);
    return E.SUCCESS;
  },
  fd_close(fd) {
    const f = files.get(fd);
    if (!f) return E.BADF;
    fs.closeSync(f.host);
    files.delete(fd);
    return E.SUCCESS;
  },
  fd_fdstat_get(fd, out) {
    // filetype: 2 character device, 3 directory, 4 regular file; all rights.
    const type = fd <= 2 ? 2 : fd === PREOPEN ? 3 : files.has(fd) ? 4 : -1;
    if (type < 0) return E.BADF;
    const v = view();
    v.setUint8(out, type);
    v.setUint16(out + 2, 0, true);
    v.setBigUint64(out + 8, 0xffffffffffffffffn, true);
    v.setBigUint64(out + 16, 0xffffffffffffffffn, true);
    return E.SUCCESS;
  },
  fd_fdstat_set_flags: () => E.SUCCESS,
  fd_prestat_get(fd, out) {
    if (fd !== PREOPEN) return E.BADF;
    view().setUint8(out, 0);           // a directory
    view().setUint32(out + 4, 1, true); // its name, "/", is one byte
    return E.SUCCESS;
  },
  fd_prestat_dir_name(fd, ptr, len) {
    if (fd !== PREOPEN) return E.BADF;
    if (len >= 1) bytes(ptr, 1)[0] = 0x2f;
    return E.SUCCESS;
  },
  path_open(dirfd, _dirflags, pathPtr, pathLen, oflags, rightsBase, _inheriting, fdflags, out) {
    if (dirfd !== PREOPEN) return E.BADF;
    const path = '/' + text(pathPtr, pathLen);
    const write = (BigInt(rightsBase) & 0x40n) !== 0n; // fd_write right
    const c = fs.constants;
    let flags = write ? c.O_RDWR : c.O_RDONLY;
    if (oflags & 1) flags |= c.O_CREAT;
    if (oflags & 2) flags |= c.O_DIRECTORY;
    if (oflags & 4) flags |= c.O_EXCL;
    if (oflags & 8) flags |= c.O_TRUNC;
    if (fdflags & 1) flags |= c.O_APPEND;
    try {
      const host = fs.openSync(path, flags, 0o644);
      const fd = nextFd++;
      files.set(fd, { host, pos: 0 });
      view().setUint32(out, fd, true);
      return E.SUCCESS;
    } catch (e) {
      return errnoOf(e);
    }
  },
  proc_exit(code) {
    throw new Exit(code);
  },
};

// Every other import the module names answers ENOSYS.
const wasiImports = new Proxy(imports, {
  get: (target, name) => target[name] ?? (() => E.NOSYS),
});

const wasmModule = new WebAssembly.Module(fs.readFileSync(program));
const instance = new WebAssembly.Instance(wasmModule, { wasi_snapshot_preview1: wasiImports });
memory = instance.exports.memory;
let status = 0;
try {
  instance.exports._start();
} catch (e) {
  if (e instanceof Exit) {
    status = e.code;
  } else if (e instanceof WebAssembly.RuntimeError) {
    // abort(), a failed assertion or a wasm trap: the status of SIGABRT.
    console.error(`wasi-run: ${program}: ${e.message}`);
    status = 134;
  } else {
    throw e;
  }
}
process.exitCode = status;
