#ifndef CURL_ON_DEMAND_H
#define CURL_ON_DEMAND_H

/// Loads libcurl (`libcurl.so.4`) if it is not loaded yet and resolves every function Foundation's
/// URLSession calls. Safe to call from any thread, any number of times; the work is done once.
///
/// Returns NULL when libcurl is ready, or a message saying why it cannot be used (the loader's
/// own words: the file missing, a function missing from it). The message stays valid for the
/// life of the process.
const char *_Nullable curl_on_demand_load(void);

#endif
