// epoll(7) for RingHTTP's event loop; Glibc's Swift module does not include <sys/epoll.h>.
#include <sys/epoll.h>
