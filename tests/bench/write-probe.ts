import Database from "better-sqlite3";

// A stand-in for the web server's writes without HTTP or rendering: one small insert into a table
// the site writes (login_attempts) every INTERVAL ms on its own connection, with the server's busy
// timeout, printing each one's milliseconds (or "fail"). Plain better-sqlite3, no migrations: it
// must not change a store that an earlier checkout's code serves.
//   node --import tsx tests/bench/write-probe.ts DBFILE INTERVAL_MS

const [file, interval] = process.argv.slice(2);
const db = new Database(file);
db.pragma("busy_timeout = 10000");
const insert = db.prepare("INSERT INTO login_attempts (key, at) VALUES ('bench-probe', ?)");
setInterval(() => {
  const started = performance.now();
  try {
    insert.run(Date.now());
    process.stdout.write(`${performance.now() - started}\n`);
  } catch {
    process.stdout.write("fail\n");
  }
}, Number(interval));
