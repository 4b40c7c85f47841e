// One upload of a file body straight through libcurl's easy interface.
//
// FoundationNetworking (URLSession on Linux) hands a streamed body to libcurl 64 KiB at a time,
// each piece read on a Dispatch thread and passed to libcurl's thread with a wake-up, pausing and
// resuming the transfer in between: a 1 GiB upload is 16,384 such hand-offs, several times
// slower than libcurl on its own over a fast link. Here libcurl reads the file itself, on the
// calling thread, in pieces of the size asked for.
//
// libcurl is loaded with dlopen on the first call and reached through the functions it exports,
// declared here by their documented signatures; no libcurl header is needed to build this, and
// nothing of libcurl is mapped by a process that never uploads. The option and code numbers
// below are libcurl's stable ABI (curl/curl.h, unchanged since they were introduced).

#include "CurlUpload.h"

#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

// MARK: - libcurl's ABI, as far as this file needs it

typedef void CURL;
typedef int CURLcode;
struct curl_slist;

enum {
    OPT_WRITEDATA = 10001,
    OPT_URL = 10002,
    OPT_READDATA = 10009,
    OPT_ERRORBUFFER = 10010,
    OPT_WRITEFUNCTION = 20011,
    OPT_READFUNCTION = 20012,
    OPT_LOW_SPEED_LIMIT = 19,
    OPT_LOW_SPEED_TIME = 20,
    OPT_HTTPHEADER = 10023,
    OPT_HEADERDATA = 10029,
    OPT_CUSTOMREQUEST = 10036,
    OPT_NOPROGRESS = 43,
    OPT_UPLOAD = 46,
    OPT_FOLLOWLOCATION = 52,
    OPT_XFERINFODATA = 10057,
    OPT_HEADERFUNCTION = 20079,
    OPT_NOSIGNAL = 99,
    OPT_INFILESIZE_LARGE = 30115,
    OPT_CONNECTTIMEOUT_MS = 156,
    OPT_SEEKFUNCTION = 20167,
    OPT_SEEKDATA = 10168,
    OPT_PROTOCOLS = 181,
    OPT_XFERINFOFUNCTION = 20219,
    OPT_UPLOAD_BUFFERSIZE = 280,
    OPT_PROTOCOLS_STR = 10318,
    INFO_RESPONSE_CODE = 0x200000 + 2,
    PROTO_HTTP = 1,
    PROTO_HTTPS = 2,
    GLOBAL_ALL = 3,
    ERROR_SIZE = 256,
};

static const size_t READFUNC_ABORT = 0x10000000;

enum {
    E_OK = 0,
    E_COULDNT_RESOLVE_PROXY = 5,
    E_COULDNT_RESOLVE_HOST = 6,
    E_COULDNT_CONNECT = 7,
    E_WEIRD_SERVER_REPLY = 8,
    E_PARTIAL_FILE = 18,
    E_OPERATION_TIMEDOUT = 28,
    E_SSL_CONNECT_ERROR = 35,
    E_ABORTED_BY_CALLBACK = 42,
    E_UNKNOWN_OPTION = 48,
    E_GOT_NOTHING = 52,
    E_SEND_ERROR = 55,
    E_RECV_ERROR = 56,
    E_SSL_CERTPROBLEM = 58,
    E_SSL_CIPHER = 59,
    E_PEER_FAILED_VERIFICATION = 60,
    E_SSL_CACERT_BADFILE = 77,
    E_SSL_CRL_BADFILE = 82,
    E_SSL_ISSUER_ERROR = 83,
    E_SSL_PINNEDPUBKEYNOTMATCH = 90,
    E_SSL_INVALIDCERTSTATUS = 91,
    E_HTTP2_STREAM = 92,
    E_SSL_CLIENTCERT = 98,
};

static struct {
    CURLcode (*global_init)(long);
    CURL *(*easy_init)(void);
    CURLcode (*easy_setopt)(CURL *, int, ...);
    CURLcode (*easy_perform)(CURL *);
    CURLcode (*easy_getinfo)(CURL *, int, ...);
    void (*easy_cleanup)(CURL *);
    const char *(*easy_strerror)(CURLcode);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
} curl;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static char load_failure[256];

#if defined(__APPLE__)
static const char *const library_name = "libcurl.4.dylib";
#else
static const char *const library_name = "libcurl.so.4";
#endif

static void *symbol(void *library, const char *name) {
    void *found = dlsym(library, name);
    if (found == NULL && load_failure[0] == 0) {
        snprintf(load_failure, sizeof load_failure, "%s has no function %s", library_name, name);
    }
    return found;
}

static void load(void) {
    void *library = dlopen(library_name, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *reason = dlerror();
        snprintf(load_failure, sizeof load_failure, "%s", reason ? reason : "libcurl cannot be loaded");
        return;
    }
    *(void **)&curl.global_init = symbol(library, "curl_global_init");
    *(void **)&curl.easy_init = symbol(library, "curl_easy_init");
    *(void **)&curl.easy_setopt = symbol(library, "curl_easy_setopt");
    *(void **)&curl.easy_perform = symbol(library, "curl_easy_perform");
    *(void **)&curl.easy_getinfo = symbol(library, "curl_easy_getinfo");
    *(void **)&curl.easy_cleanup = symbol(library, "curl_easy_cleanup");
    *(void **)&curl.easy_strerror = symbol(library, "curl_easy_strerror");
    *(void **)&curl.slist_append = symbol(library, "curl_slist_append");
    *(void **)&curl.slist_free_all = symbol(library, "curl_slist_free_all");
    if (load_failure[0] == 0 && curl.global_init(GLOBAL_ALL) != E_OK) {
        snprintf(load_failure, sizeof load_failure, "curl_global_init failed");
    }
}

// MARK: - The cancel flag

struct curl_upload_flag {
    atomic_int raised;
};

curl_upload_flag *curl_upload_flag_create(void) {
    curl_upload_flag *flag = malloc(sizeof *flag);
    if (flag != NULL) atomic_init(&flag->raised, 0);
    return flag;
}

void curl_upload_flag_raise(curl_upload_flag *flag) { atomic_store(&flag->raised, 1); }

void curl_upload_flag_destroy(curl_upload_flag *flag) { free(flag); }

// MARK: - One transfer

/// A growing byte buffer with a limit.
typedef struct {
    char *bytes;
    size_t length;
    size_t capacity;
    size_t limit;
    int overflowed;
} buffer;

static int buffer_append(buffer *into, const char *bytes, size_t count) {
    if (count > into->limit - into->length) {
        into->overflowed = 1;
        return 0;
    }
    if (into->length + count > into->capacity) {
        size_t capacity = into->capacity ? into->capacity : 1024;
        while (capacity < into->length + count) capacity *= 2;
        char *grown = realloc(into->bytes, capacity);
        if (grown == NULL) {
            into->overflowed = 1;
            return 0;
        }
        into->bytes = grown;
        into->capacity = capacity;
    }
    memcpy(into->bytes + into->length, bytes, count);
    into->length += count;
    return 1;
}

typedef struct {
    const curl_upload_request *request;
    int64_t offset;
    int read_errno;
    int file_shrank;
    buffer head;
    buffer body;
    /// Bytes moved either way when progress last saw them change, and when that was (ms).
    int64_t moved;
    int64_t moved_at_ms;
    int idle_expired;
} transfer;

static int64_t now_ms(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

static size_t read_body(char *into, size_t size, size_t count, void *context) {
    transfer *state = context;
    int64_t left = state->request->body_length - state->offset;
    size_t wanted = size * count;
    if (left <= 0) return 0;
    if ((int64_t)wanted > left) wanted = (size_t)left;  // a file grown since: send the length announced
    ssize_t got;
    do {
        got = pread(state->request->body_fd, into, wanted, (off_t)state->offset);
    } while (got < 0 && errno == EINTR);
    if (got < 0) {
        state->read_errno = errno;
        return READFUNC_ABORT;
    }
    if (got == 0) {
        state->file_shrank = 1;  // shorter than its announced length: never send a short body
        return READFUNC_ABORT;
    }
    state->offset += got;
    return (size_t)got;
}

static int seek_body(void *context, int64_t offset, int origin) {
    transfer *state = context;
    if (origin != SEEK_SET || offset < 0 || offset > state->request->body_length) return 1;  // CURL_SEEKFUNC_FAIL
    state->offset = offset;
    return 0;
}

static size_t take_header(char *line, size_t size, size_t count, void *context) {
    transfer *state = context;
    size_t length = size * count;
    if (length >= 5 && memcmp(line, "HTTP/", 5) == 0) {
        state->head.length = 0;  // a new response (after a 100 Continue): keep only the last one's
        return length;
    }
    return buffer_append(&state->head, line, length) ? length : 0;
}

static size_t take_body(char *bytes, size_t size, size_t count, void *context) {
    transfer *state = context;
    size_t length = size * count;
    return buffer_append(&state->body, bytes, length) ? length : 0;
}

// Called by libcurl often while bytes move and about once a second while none do: stops the
// transfer when its task was cancelled, or when nothing has moved for the idle timeout (libcurl's
// own low-speed limit averages over seconds and would also count a server's think time).
static int progress(void *context, int64_t total_down, int64_t now_down, int64_t total_up, int64_t now_up) {
    (void)total_down, (void)total_up;
    transfer *state = context;
    curl_upload_flag *flag = state->request->cancel;
    if (flag != NULL && atomic_load(&flag->raised)) return 1;
    int64_t now = now_ms();
    if (now_down + now_up != state->moved) {
        state->moved = now_down + now_up;
        state->moved_at_ms = now;
    } else if (now - state->moved_at_ms >= state->request->idle_timeout_ms) {
        state->idle_expired = 1;
        return 1;
    }
    return 0;
}

static curl_upload_outcome outcome_of(CURLcode code) {
    switch (code) {
    case E_OPERATION_TIMEDOUT: return curl_upload_timed_out;
    case E_COULDNT_RESOLVE_PROXY:
    case E_COULDNT_RESOLVE_HOST:
    case E_COULDNT_CONNECT: return curl_upload_cannot_connect;
    case E_WEIRD_SERVER_REPLY:
    case E_PARTIAL_FILE:
    case E_GOT_NOTHING:
    case E_SEND_ERROR:
    case E_RECV_ERROR:
    case E_HTTP2_STREAM: return curl_upload_connection_lost;
    case E_SSL_CONNECT_ERROR:
    case E_SSL_CERTPROBLEM:
    case E_SSL_CIPHER:
    case E_PEER_FAILED_VERIFICATION:
    case E_SSL_CACERT_BADFILE:
    case E_SSL_CRL_BADFILE:
    case E_SSL_ISSUER_ERROR:
    case E_SSL_PINNEDPUBKEYNOTMATCH:
    case E_SSL_INVALIDCERTSTATUS:
    case E_SSL_CLIENTCERT: return curl_upload_tls;
    case E_ABORTED_BY_CALLBACK: return curl_upload_cancelled;
    default: return curl_upload_other;
    }
}

static void fail(curl_upload_result *result, curl_upload_outcome outcome, const char *format, ...) {
    result->outcome = outcome;
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(result->message, sizeof result->message, format, arguments);
    va_end(arguments);
}

/// Sets every option of the transfer; false (with `result` filled in) when libcurl refused one.
static int configure(CURL *easy, struct curl_slist *headers, transfer *state, char *errors,
                     curl_upload_result *result) {
    const curl_upload_request *request = state->request;
    CURLcode code = E_OK;
#define SET(option, value)                                                                         \
    if (code == E_OK) code = curl.easy_setopt(easy, option, value)
    SET(OPT_ERRORBUFFER, errors);
    SET(OPT_NOSIGNAL, 1L);
    SET(OPT_URL, request->url);
    SET(OPT_UPLOAD, 1L);
    SET(OPT_CUSTOMREQUEST, request->method);
    SET(OPT_HTTPHEADER, headers);
    SET(OPT_INFILESIZE_LARGE, (int64_t)request->body_length);
    SET(OPT_READFUNCTION, read_body);
    SET(OPT_READDATA, state);
    SET(OPT_SEEKFUNCTION, seek_body);
    SET(OPT_SEEKDATA, state);
    SET(OPT_HEADERFUNCTION, take_header);
    SET(OPT_HEADERDATA, state);
    SET(OPT_WRITEFUNCTION, take_body);
    SET(OPT_WRITEDATA, state);
    SET(OPT_NOPROGRESS, 0L);
    SET(OPT_XFERINFOFUNCTION, progress);
    SET(OPT_XFERINFODATA, state);
    SET(OPT_FOLLOWLOCATION, 0L);
    SET(OPT_CONNECTTIMEOUT_MS, request->connect_timeout_ms);
    SET(OPT_LOW_SPEED_LIMIT, request->low_speed_bytes);
    SET(OPT_LOW_SPEED_TIME, request->low_speed_seconds);
    SET(OPT_UPLOAD_BUFFERSIZE, request->buffer_size);
    if (code == E_OK) {
        // Only HTTP and HTTPS, whatever the URL says (a libcurl before 7.85 knows the older option).
        code = curl.easy_setopt(easy, OPT_PROTOCOLS_STR, "http,https");
        if (code == E_UNKNOWN_OPTION) code = curl.easy_setopt(easy, OPT_PROTOCOLS, (long)(PROTO_HTTP | PROTO_HTTPS));
    }
#undef SET
    if (code != E_OK) {
        fail(result, curl_upload_other, "libcurl refused an option: %s", curl.easy_strerror(code));
        return 0;
    }
    return 1;
}

void curl_upload_perform(const curl_upload_request *request, curl_upload_result *result) {
    memset(result, 0, sizeof *result);
    pthread_once(&load_once, load);
    if (load_failure[0] != 0) {
        fail(result, curl_upload_unavailable, "libcurl cannot be used: %s", load_failure);
        return;
    }
    transfer state = {.request = request, .moved_at_ms = now_ms()};
    state.head.limit = 256 * 1024;
    state.body.limit = request->response_limit;
    struct curl_slist *headers = NULL;
    for (int index = 0; index < request->header_count; index++) {
        struct curl_slist *longer = curl.slist_append(headers, request->headers[index]);
        if (longer == NULL) {
            curl.slist_free_all(headers);
            fail(result, curl_upload_other, "out of memory for the request's headers");
            return;
        }
        headers = longer;
    }
    CURL *easy = curl.easy_init();
    if (easy == NULL) {
        curl.slist_free_all(headers);
        fail(result, curl_upload_other, "libcurl could not make a transfer");
        return;
    }
    char errors[ERROR_SIZE] = {0};
    if (configure(easy, headers, &state, errors, result)) {
        CURLcode code = curl.easy_perform(easy);
        if (code == E_OK) {
            long status = 0;
            curl.easy_getinfo(easy, INFO_RESPONSE_CODE, &status);
            result->outcome = curl_upload_answered;
            result->status = status;
            result->head = state.head.bytes;
            result->head_length = state.head.length;
            result->body = state.body.bytes;
            result->body_length = state.body.length;
            state.head.bytes = NULL;
            state.body.bytes = NULL;
        } else if (state.read_errno != 0) {
            fail(result, curl_upload_local_file, "reading the body file failed: %s", strerror(state.read_errno));
        } else if (state.file_shrank) {
            fail(result, curl_upload_local_file, "the body file became shorter than %lld bytes while it was sent",
                 (long long)request->body_length);
        } else if (state.body.overflowed) {
            fail(result, curl_upload_response_too_large, "the body is over the limit of %zu bytes",
                 request->response_limit);
        } else if (state.idle_expired) {
            fail(result, curl_upload_timed_out, "nothing moved for %ld ms", request->idle_timeout_ms);
        } else if (state.head.overflowed) {
            fail(result, curl_upload_response_too_large, "the response's header is over %zu bytes", state.head.limit);
        } else {
            fail(result, outcome_of(code), "%s%s%s", curl.easy_strerror(code), errors[0] ? ": " : "", errors);
        }
    }
    free(state.head.bytes);
    free(state.body.bytes);
    curl.easy_cleanup(easy);
    curl.slist_free_all(headers);
}

void curl_upload_result_release(curl_upload_result *result) {
    free(result->head);
    free(result->body);
    result->head = NULL;
    result->body = NULL;
}
