// The release synccli links Foundation statically, and Foundation's URLSession calls libcurl,
// which (with its TLS, HTTP/2, Kerberos and LDAP libraries: some 35 files) the dynamic loader
// would map at every start, for every command, though only a server container ever sends a
// request. These definitions stand in for the 23 libcurl functions URLSession calls: the release
// link names them instead of libcurl, so nothing of libcurl is loaded until the first of them
// runs, which loads it and goes on in the real function from then on.
//
// They are hidden: never exported, so they can never be taken for libcurl's own functions by
// libcurl or any other library. A debug build links Foundation's shared libraries, which bring
// libcurl themselves; these definitions are then unused.

#include "CurlOnDemand.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#define HIDDEN __attribute__((visibility("hidden")))

// Every function this file stands in for, with the name libcurl exports it under.
#define CURL_FUNCTIONS(X)                                                                          \
    X(curl_easy_cleanup)                                                                            \
    X(curl_easy_getinfo)                                                                            \
    X(curl_easy_init)                                                                               \
    X(curl_easy_pause)                                                                              \
    X(curl_easy_setopt)                                                                             \
    X(curl_easy_strerror)                                                                           \
    X(curl_free)                                                                                    \
    X(curl_global_init)                                                                             \
    X(curl_multi_add_handle)                                                                        \
    X(curl_multi_assign)                                                                            \
    X(curl_multi_cleanup)                                                                           \
    X(curl_multi_info_read)                                                                         \
    X(curl_multi_init)                                                                              \
    X(curl_multi_remove_handle)                                                                     \
    X(curl_multi_setopt)                                                                            \
    X(curl_multi_socket_action)                                                                     \
    X(curl_slist_append)                                                                            \
    X(curl_slist_free_all)                                                                          \
    X(curl_url)                                                                                     \
    X(curl_url_get)                                                                                 \
    X(curl_url_set)                                                                                 \
    X(curl_version)                                                                                 \
    X(curl_version_info)

enum {
#define INDEX(name) index_##name,
    CURL_FUNCTIONS(INDEX)
#undef INDEX
        function_count
};

static const char *const function_names[function_count] = {
#define NAME(name) #name,
    CURL_FUNCTIONS(NAME)
#undef NAME
};

static void *functions[function_count];
static const char *load_failure;
static char load_failure_text[512];
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load(void) {
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *reason = dlerror();
        snprintf(load_failure_text, sizeof load_failure_text, "%s", reason ? reason : "libcurl.so.4 cannot be loaded");
        load_failure = load_failure_text;
        return;
    }
    for (int index = 0; index < function_count; index++) {
        functions[index] = dlsym(library, function_names[index]);
        if (functions[index] == NULL) {
            snprintf(load_failure_text, sizeof load_failure_text, "libcurl.so.4 has no function %s",
                     function_names[index]);
            load_failure = load_failure_text;
            return;
        }
    }
}

const char *curl_on_demand_load(void) {
    pthread_once(&load_once, load);
    return load_failure;
}

// The real function at `index`. URLSession reaches libcurl only after the composition root has
// called curl_on_demand_load and seen it succeed, so a failure here is a broken invariant: it
// says why and stops rather than calling through a null pointer.
static void *resolved(int index) {
    const char *failure = curl_on_demand_load();
    if (failure != NULL) {
        fprintf(stderr, "synccli: libcurl is needed for a server container and cannot be used: %s\n", failure);
        abort();
    }
    return functions[index];
}

// libcurl's types, as far as these calls need them: handles are opaque pointers, CURLcode,
// CURLMcode, CURLUcode and the option enums are ints, curl_socket_t is an int.
typedef void *handle;

#define REAL(name, type) ((type)resolved(index_##name))

HIDDEN void curl_easy_cleanup(handle easy) { REAL(curl_easy_cleanup, void (*)(handle))(easy); }
HIDDEN handle curl_easy_init(void) { return REAL(curl_easy_init, handle (*)(void))(); }
HIDDEN int curl_easy_pause(handle easy, int mask) { return REAL(curl_easy_pause, int (*)(handle, int))(easy, mask); }
HIDDEN const char *curl_easy_strerror(int code) {
    return REAL(curl_easy_strerror, const char *(*)(int))(code);
}
HIDDEN void curl_free(void *pointer) { REAL(curl_free, void (*)(void *))(pointer); }
HIDDEN int curl_global_init(long flags) { return REAL(curl_global_init, int (*)(long))(flags); }
HIDDEN int curl_multi_add_handle(handle multi, handle easy) {
    return REAL(curl_multi_add_handle, int (*)(handle, handle))(multi, easy);
}
HIDDEN int curl_multi_assign(handle multi, int socket, void *pointer) {
    return REAL(curl_multi_assign, int (*)(handle, int, void *))(multi, socket, pointer);
}
HIDDEN int curl_multi_cleanup(handle multi) { return REAL(curl_multi_cleanup, int (*)(handle))(multi); }
HIDDEN void *curl_multi_info_read(handle multi, int *left) {
    return REAL(curl_multi_info_read, void *(*)(handle, int *))(multi, left);
}
HIDDEN handle curl_multi_init(void) { return REAL(curl_multi_init, handle (*)(void))(); }
HIDDEN int curl_multi_remove_handle(handle multi, handle easy) {
    return REAL(curl_multi_remove_handle, int (*)(handle, handle))(multi, easy);
}
HIDDEN int curl_multi_socket_action(handle multi, int socket, int mask, int *running) {
    return REAL(curl_multi_socket_action, int (*)(handle, int, int, int *))(multi, socket, mask, running);
}
HIDDEN void *curl_slist_append(void *list, const char *text) {
    return REAL(curl_slist_append, void *(*)(void *, const char *))(list, text);
}
HIDDEN void curl_slist_free_all(void *list) { REAL(curl_slist_free_all, void (*)(void *))(list); }
HIDDEN handle curl_url(void) { return REAL(curl_url, handle (*)(void))(); }
HIDDEN int curl_url_get(handle url, int part, char **text, unsigned int flags) {
    return REAL(curl_url_get, int (*)(handle, int, char **, unsigned int))(url, part, text, flags);
}
HIDDEN int curl_url_set(handle url, int part, const char *text, unsigned int flags) {
    return REAL(curl_url_set, int (*)(handle, int, const char *, unsigned int))(url, part, text, flags);
}
HIDDEN char *curl_version(void) { return REAL(curl_version, char *(*)(void))(); }
HIDDEN void *curl_version_info(int age) { return REAL(curl_version_info, void *(*)(int))(age); }

// The variadic three take exactly one argument after the option: a long, a curl_off_t, an object
// or a function pointer. On the 64-bit Linux ABIs Swift supports (x86-64, AArch64) each of these
// travels in one general-purpose register or stack slot, so it is read and passed on as a pointer
// of the same width, bit for bit.
_Static_assert(sizeof(void *) == sizeof(long) && sizeof(void *) == sizeof(long long),
               "the option argument is forwarded as one pointer-sized word");

HIDDEN int curl_easy_setopt(handle easy, int option, ...) {
    va_list arguments;
    va_start(arguments, option);
    void *value = va_arg(arguments, void *);
    va_end(arguments);
    return REAL(curl_easy_setopt, int (*)(handle, int, ...))(easy, option, value);
}

HIDDEN int curl_easy_getinfo(handle easy, int info, ...) {
    va_list arguments;
    va_start(arguments, info);
    void *value = va_arg(arguments, void *);
    va_end(arguments);
    return REAL(curl_easy_getinfo, int (*)(handle, int, ...))(easy, info, value);
}

HIDDEN int curl_multi_setopt(handle multi, int option, ...) {
    va_list arguments;
    va_start(arguments, option);
    void *value = va_arg(arguments, void *);
    va_end(arguments);
    return REAL(curl_multi_setopt, int (*)(handle, int, ...))(multi, option, value);
}
