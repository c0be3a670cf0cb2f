/** How long a client should wait before trying again when Redis is down (the Retry-After of a 503; needRedis is in modules/kernel). */
export const REDIS_DOWN_RETRY_AFTER_SECONDS = 30;
