#ifndef CURL_UPLOAD_H
#define CURL_UPLOAD_H

#include <stddef.h>
#include <stdint.h>

/// A flag another thread raises to stop an upload in progress; libcurl sees it within a second.
typedef struct curl_upload_flag curl_upload_flag;

/// A new flag, lowered; NULL when memory runs out.
curl_upload_flag *_Nullable curl_upload_flag_create(void);
/// Raises `flag`. Safe from any thread, any number of times.
void curl_upload_flag_raise(curl_upload_flag *_Nonnull flag);
/// Frees `flag`; no upload may still be using it.
void curl_upload_flag_destroy(curl_upload_flag *_Nonnull flag);

/// One request whose body is `body_length` bytes of the open file `body_fd`, read from its start.
typedef struct {
    const char *_Nonnull url;
    const char *_Nonnull method;
    /// `header_count` lines "Name: value", sent as given (no Content-Length: libcurl sends it).
    const char *_Nonnull const *_Nullable headers;
    int header_count;
    int body_fd;
    int64_t body_length;
    /// Bytes read from the file and handed to libcurl at a time (libcurl allows 16 KiB to 2 MiB).
    long buffer_size;
    long connect_timeout_ms;
    /// The transfer fails as timed out when no byte has gone either way for this long.
    long idle_timeout_ms;
    /// The transfer fails when fewer than `low_speed_bytes` a second go either way for
    /// `low_speed_seconds` seconds in a row (0: no such limit).
    long low_speed_bytes;
    long low_speed_seconds;
    /// The most bytes of the response body kept; a longer one ends the upload as too large.
    size_t response_limit;
    curl_upload_flag *_Nullable cancel;
} curl_upload_request;

/// How an upload ended.
typedef enum {
    curl_upload_answered = 0,
    curl_upload_unavailable,
    curl_upload_cancelled,
    curl_upload_timed_out,
    curl_upload_cannot_connect,
    curl_upload_connection_lost,
    curl_upload_tls,
    curl_upload_local_file,
    curl_upload_response_too_large,
    curl_upload_other,
} curl_upload_outcome;

/// What an upload gave back. Release it with `curl_upload_result_release`.
typedef struct {
    curl_upload_outcome outcome;
    /// The final response's status (answered), else 0.
    long status;
    /// The final response's header lines (after its status line), each ending in CRLF.
    char *_Nullable head;
    size_t head_length;
    char *_Nullable body;
    size_t body_length;
    /// Why it failed, in words (empty when answered).
    char message[384];
} curl_upload_result;

/// Sends the request and waits for its answer, on the calling thread. libcurl (`libcurl.so.4`) is
/// loaded on the first call; when it cannot be, the outcome is `curl_upload_unavailable`.
void curl_upload_perform(const curl_upload_request *_Nonnull request, curl_upload_result *_Nonnull result);

/// Frees what `result` holds (not `result` itself).
void curl_upload_result_release(curl_upload_result *_Nonnull result);

#endif
