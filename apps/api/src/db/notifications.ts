import pg from 'pg';

/** What a listener reports: each notification of its schema, and whether it is listening right now. */
export interface NotificationHandlers {
  /** The payload's words after the schema, as the trigger sent them. */
  message(keys: string[]): void;
  /**
   * `true` once LISTEN is in place, `false` when the connection is lost: notifications sent in between are lost
   * too, so whoever relies on them must assume anything changed.
   */
  live(listening: boolean): void;
  warn(message: string): void;
}

export interface NotificationListener {
  close(): Promise<void>;
}

const RETRY_MIN_MS = 250;
const RETRY_MAX_MS = 5000;
/**
 * The listening connection is asked a `select 1` this often and must answer within PING_TIMEOUT_MS: a connection
 * that stops delivering without closing (a stuck proxy or NAT, a frozen backend) still ACKs, so TCP keepalive never
 * fires; without an answer, whoever relies on the notifications hears it has lost them within 4 s (issue 34, F6).
 */
const PING_INTERVAL_MS = 2000;
const PING_TIMEOUT_MS = 2000;
/** A connection attempt (or LISTEN) through a silent path gives up and is tried again. */
const CONNECT_TIMEOUT_MS = 5000;

/**
 * Hears, on each pooled connection, the notifications that connection's own statements send (the trigger repeats
 * each on "<channel>_<its backend pid>"). PostgreSQL hands a session its own notifications before the ReadyForQuery
 * that ends the statement or COMMIT, and the driver emits them before it resolves the query: by the time a write
 * returns, this instance has heard of it. Another instance's changes arrive through `listenForNotifications`,
 * moments later.
 *
 * A connection starts listening the first time it is handed out after a channel is registered: the pool's `connect`
 * awaits the LISTEN before it hands the connection on, so no statement is ever queued behind another on a busy
 * client (node-postgres deprecates that, and will refuse it in pg@9; issue 36).
 */
export function ownNotifications(pool: pg.Pool) {
  const channels = new Map<string, (keys: string[]) => void>();
  const heard = new WeakMap<pg.PoolClient, Set<string>>();

  /** The LISTENs `client` still lacks, run one after the other; a failure is the connection's, and the next statement reports it. */
  async function listenOn(client: pg.PoolClient): Promise<void> {
    // Set from the server's BackendKeyData at connect; missing from the driver's types.
    const pid = (client as pg.PoolClient & { processID: number }).processID;
    let listening = heard.get(client);
    if (!listening) {
      heard.set(client, (listening = new Set()));
      client.on('notification', ({ channel, payload }) => {
        for (const [name, message] of channels)
          if (channel === `${name}_${pid}` && payload) message(payload.slice(payload.indexOf(' ') + 1).split(' '));
      });
    }
    for (const name of [...channels.keys()]) {
      if (listening.has(name)) continue;
      listening.add(name);
      await client.query(`listen "${name}_${pid}"`).catch(() => undefined);
    }
  }
  const listensAll = (client: pg.PoolClient) => heard.get(client)?.size === channels.size;

  // Both forms the pool is called with: a promise (transactions) and a callback (`pool.query`, inside pg-pool).
  const connect = pool.connect.bind(pool) as (callback?: ConnectCallback) => Promise<pg.PoolClient> | undefined;
  type ConnectCallback = (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;
  (pool as { connect: unknown }).connect = (callback?: ConnectCallback) => {
    if (!callback)
      return (connect() as Promise<pg.PoolClient>).then(async (client) => {
        if (!listensAll(client)) await listenOn(client);
        return client;
      });
    connect((error, client, done) => {
      if (error || !client || listensAll(client)) return callback(error, client, done);
      void listenOn(client).then(() => callback(undefined, client, done));
    });
    return undefined;
  };
  return {
    hear(channel: string, message: (keys: string[]) => void): () => void {
      channels.set(channel, message);
      return () => channels.delete(channel);
    },
  };
}

/**
 * LISTEN on `channel` over a connection of its own, kept open: reconnects with backoff after any loss (a restart, a
 * terminated backend, a network cut). Payloads are "<schema> <key> <key>…" and only those of the schema this
 * connection works in (its search path's first) are handed on, so test schemas side by side do not hear each other.
 */
export function listenForNotifications(
  options: {
    connectionString: string;
    searchPath?: string | undefined;
    channel: string;
    /** Tests shorten these; the defaults find a silent connection within 4 s. */
    pingIntervalMs?: number;
    pingTimeoutMs?: number;
  },
  handlers: NotificationHandlers,
): NotificationListener {
  const { pingIntervalMs = PING_INTERVAL_MS, pingTimeoutMs = PING_TIMEOUT_MS } = options;
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = RETRY_MIN_MS;
  let retry: NodeJS.Timeout | null = null;
  let ping: NodeJS.Timeout | null = null;
  let warned = false;

  const stopPinging = () => {
    if (ping) clearInterval(ping);
    ping = null;
  };

  const lost = (connection: pg.Client, error?: Error) => {
    if (client !== connection) return;
    client = null;
    stopPinging();
    handlers.live(false);
    void connection.end().catch(() => undefined);
    if (closed) return;
    if (!warned) {
      warned = true;
      handlers.warn(`not listening on ${options.channel} (${error?.message ?? 'connection ended'}); retrying`);
    }
    retry = setTimeout(connect, retryMs);
    retryMs = Math.min(RETRY_MAX_MS, retryMs * 2);
  };

  async function connect() {
    retry = null;
    if (closed) return;
    const connection = new pg.Client({
      connectionString: options.connectionString,
      // Named, so an operator (or a test) can tell it apart in pg_stat_activity.
      application_name: `galeno-listen ${options.channel}${options.searchPath ? ` ${options.searchPath}` : ''}`.slice(0, 63),
      ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
      // TCP keepalive: a connection cut without a word (a NAT's timeout) is found dead in the end and made again;
      // until then what relies on it still bounds its own staleness (a kept session lasts a minute at most).
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      query_timeout: CONNECT_TIMEOUT_MS,
    });
    client = connection;
    connection.on('error', (error) => lost(connection, error));
    connection.on('end', () => lost(connection));
    try {
      await connection.connect();
      const { rows } = await connection.query<{ schema: string }>('select current_schema() as schema');
      const prefix = `${rows[0]!.schema} `;
      connection.on('notification', ({ channel, payload }) => {
        if (channel !== options.channel || !payload?.startsWith(prefix)) return;
        handlers.message(payload.slice(prefix.length).split(' '));
      });
      await connection.query(`listen "${options.channel}"`);
      if (client !== connection) return;
      retryMs = RETRY_MIN_MS;
      warned = false;
      handlers.live(true);
      let inFlight = false;
      ping = setInterval(() => {
        if (inFlight) return;
        inFlight = true;
        connection.query({ text: 'select 1', query_timeout: pingTimeoutMs } as pg.QueryConfig).then(
          () => (inFlight = false),
          () => lost(connection, new Error(`no answer to a ping within ${pingTimeoutMs} ms`)),
        );
      }, pingIntervalMs);
      ping.unref();
    } catch (error) {
      lost(connection, error as Error);
    }
  }

  void connect();
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      stopPinging();
      const connection = client;
      client = null;
      handlers.live(false);
      await connection?.end().catch(() => undefined);
    },
  };
}
