import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AppServer } from '../realtime';
import { isGameRoom } from '../realtime/rooms';
import type { Store } from '../storage/store';
import type { AckedEvent, AckTimer, Metrics, RedisErrorSource } from './metrics';

/** Every metric of the app's own starts with it; Node's and the process's keep prom-client's names. */
export const METRIC_PREFIX = 'techtouchdown_';

/** Upper bounds of the acknowledgement latency, in seconds: a cached read answers in well under 1 ms. */
export const ACK_BUCKETS_SECONDS = [
  0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5,
] as const;
/** Upper bounds of the Redis PING round trip, in seconds. */
export const REDIS_PING_BUCKETS_SECONDS = [
  0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1,
] as const;
/** How often each instance PINGs Redis for the round-trip histogram. */
export const REDIS_PING_INTERVAL_MS = 5_000;

const ACK_LATENCY = `${METRIC_PREFIX}socket_ack_duration_seconds`;
const REDIS_ERROR_SOURCES: readonly RedisErrorSource[] = ['commands', 'socket-adapter', 'ping'];

/**
 * One event's acknowledgement latency. prom-client's own histogram hashes its labels and allocates on
 * every observation (about 0.3 µs); this one adds to numbers in place (a few ns), as every
 * acknowledged event does, and is written out in the exposition format at scrape time instead.
 */
class LatencyBuckets implements AckTimer {
  /** Observations per bucket (not yet cumulative), by ACK_BUCKETS_SECONDS. */
  readonly counts = new Float64Array(ACK_BUCKETS_SECONDS.length);
  sum = 0;
  count = 0;

  observe(seconds: number): void {
    let bucket = 0;
    while (bucket < ACK_BUCKETS_SECONDS.length && seconds > ACK_BUCKETS_SECONDS[bucket]!) bucket++;
    if (bucket < ACK_BUCKETS_SECONDS.length) this.counts[bucket]! += 1;
    this.sum += seconds;
    this.count += 1;
  }
}

/**
 * The app's metrics in a prom-client Registry of its own (never the global one, so two apps in one
 * process, as in the tests, count apart). Counters on hot paths are plain numbers that the
 * registry reads when scraped; gauges of the sockets and rooms are read from Socket.IO at scrape
 * time, so a connection costs nothing more. prom-client's default metrics add the process's CPU,
 * memory, handles and the event loop's delay (nodejs_eventloop_lag_p99_seconds and its siblings, over
 * the time since the previous scrape).
 */
export class PrometheusMetrics implements Metrics {
  readonly registry = new Registry();
  private chatMessages = 0;
  private chatReactions = 0;
  private readonly ackLatency = new Map<AckedEvent, LatencyBuckets>();
  private readonly scoreboardLastRefresh: Gauge;
  private readonly scoreboardFailures: Counter;
  private readonly redisErrors: Counter<'source'>;
  private readonly redisPing: Histogram;
  private io: Pick<AppServer, 'of'> | null = null;
  private pingTimer: NodeJS.Timeout | null = null;

  constructor() {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    // Read when scraped (collect runs with `this` the metric).
    const sockets = () => this.io?.of('/').sockets.size ?? 0;
    const gameRooms = () => this.countGameRooms();
    const chatMessages = () => this.chatMessages;
    const chatReactions = () => this.chatReactions;
    new Gauge({
      name: `${METRIC_PREFIX}sockets_connected`,
      help: 'Socket.IO connections open on this instance.',
      registers,
      collect() {
        this.set(sockets());
      },
    });
    new Gauge({
      name: `${METRIC_PREFIX}game_rooms`,
      help: "Game rooms (a game's chat and voice) with at least one fan connected to this instance.",
      registers,
      collect() {
        this.set(gameRooms());
      },
    });
    new Counter({
      name: `${METRIC_PREFIX}chat_messages_total`,
      help: 'Chat messages stored through this instance (socket and REST).',
      registers,
      collect() {
        this.reset();
        this.inc(chatMessages());
      },
    });
    new Counter({
      name: `${METRIC_PREFIX}chat_reactions_total`,
      help: 'Reactions on chat messages added or taken back through this instance.',
      registers,
      collect() {
        this.reset();
        this.inc(chatReactions());
      },
    });
    this.scoreboardLastRefresh = new Gauge({
      name: `${METRIC_PREFIX}scoreboard_last_refresh_timestamp_seconds`,
      help: 'Unix time of the last scoreboard refresh this instance fetched and stored (0: none yet; only the polling instance refreshes).',
      registers,
    });
    this.scoreboardFailures = new Counter({
      name: `${METRIC_PREFIX}scoreboard_refresh_failures_total`,
      help: 'Scoreboard refreshes from the source that failed on this instance.',
      registers,
    });
    this.redisErrors = new Counter({
      name: `${METRIC_PREFIX}redis_errors_total`,
      help: 'Redis errors: a connection reporting an error (commands, socket-adapter) or a PING that failed or went unanswered (ping).',
      labelNames: ['source'],
      registers,
    });
    for (const source of REDIS_ERROR_SOURCES) this.redisErrors.labels(source).inc(0);
    this.redisPing = new Histogram({
      name: `${METRIC_PREFIX}redis_ping_duration_seconds`,
      help: `Round trip of a Redis PING, sent every ${REDIS_PING_INTERVAL_MS / 1000} s.`,
      buckets: [...REDIS_PING_BUCKETS_SECONDS],
      registers,
    });
  }

  ackTimer(event: AckedEvent): AckTimer {
    let timer = this.ackLatency.get(event);
    if (!timer) {
      timer = new LatencyBuckets();
      this.ackLatency.set(event, timer);
    }
    return timer;
  }

  chatMessageStored(): void {
    this.chatMessages += 1;
  }

  chatReactionChanged(): void {
    this.chatReactions += 1;
  }

  scoreboardRefreshed(at: Date): void {
    this.scoreboardLastRefresh.set(at.getTime() / 1000);
  }

  scoreboardRefreshFailed(): void {
    this.scoreboardFailures.inc();
  }

  redisError(source: RedisErrorSource): void {
    this.redisErrors.labels(source).inc();
  }

  /** The sockets and game rooms gauges read this server's connections when scraped. */
  watchSockets(io: Pick<AppServer, 'of'>): void {
    this.io = io;
  }

  /**
   * PINGs through the store now and every `intervalMs`, into the round-trip histogram. A PING that
   * fails counts as a Redis error, and so does every interval that passes while one goes unanswered
   * (a Redis that hangs rather than refuses); no second PING is sent meanwhile.
   */
  watchRedis(store: Pick<Store, 'ping'>, intervalMs = REDIS_PING_INTERVAL_MS): void {
    let pending = false;
    const ping = () => {
      if (pending) {
        this.redisError('ping');
        return;
      }
      pending = true;
      const started = performance.now();
      void store.ping().then(
        (answered) => {
          pending = false;
          if (answered) this.redisPing.observe((performance.now() - started) / 1000);
          else this.redisError('ping');
        },
        () => {
          pending = false;
          this.redisError('ping');
        },
      );
    };
    this.stop();
    ping();
    this.pingTimer = setInterval(ping, intervalMs);
    this.pingTimer.unref();
  }

  /** Stops the Redis PINGs. */
  stop(): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = null;
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** Every metric in the Prometheus text exposition format. */
  async exposition(): Promise<string> {
    return (await this.registry.metrics()) + this.ackLatencyExposition();
  }

  private countGameRooms(): number {
    if (!this.io) return 0;
    let rooms = 0;
    for (const room of this.io.of('/').adapter.rooms.keys()) if (isGameRoom(room)) rooms++;
    return rooms;
  }

  /** The acknowledgement latency histogram, one series per event its handlers were built for. */
  private ackLatencyExposition(): string {
    const lines = [
      `# HELP ${ACK_LATENCY} Time from a client event to its acknowledgement (the handler's run), by event.`,
      `# TYPE ${ACK_LATENCY} histogram`,
    ];
    for (const [event, timer] of this.ackLatency) {
      const label = `event="${escapeLabelValue(event)}"`;
      let cumulative = 0;
      ACK_BUCKETS_SECONDS.forEach((bound, index) => {
        cumulative += timer.counts[index]!;
        lines.push(`${ACK_LATENCY}_bucket{${label},le="${bound}"} ${cumulative}`);
      });
      lines.push(`${ACK_LATENCY}_bucket{${label},le="+Inf"} ${timer.count}`);
      lines.push(`${ACK_LATENCY}_sum{${label}} ${timer.sum}`);
      lines.push(`${ACK_LATENCY}_count{${label}} ${timer.count}`);
    }
    return `\n${lines.join('\n')}\n`;
  }
}

function escapeLabelValue(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}
