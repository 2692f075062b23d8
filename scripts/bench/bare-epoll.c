// bare-epoll: the yardstick for ringd's cache hits in scripts/bench/serve — the least a server can do per request
// on this machine. One thread, one epoll set, non-blocking sockets, edge-triggered; every request (anything up to
// a blank line, pipelined or not) is answered with the same bytes, read once at start from a file that holds the
// whole response (status line, headers, body: what ringd sent for the benchmark URL). No parsing beyond finding
// "\r\n\r\n", no allocation per request, no timers. The kernel's loopback work is the same as ringd's, so what ringd
// costs beyond this is its own user-space work per request.
//
//   bare-epoll PORT RESPONSE_FILE
//
// Built by scripts/bench/serve (cc -O2); not part of ringd.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

enum { MAX_CONNECTIONS = 65536, INPUT_CAPACITY = 16384 };

// Per connection: bytes of an unfinished request head, and how much of the pending responses is still unsent
// (a response can be cut short by a full send buffer; `owed` counts whole responses still to go after it).
struct connection {
    char input[INPUT_CAPACITY];
    size_t used;
    size_t offset;  // bytes of the current response already sent
    size_t owed;    // responses not yet completely sent
    int open;
};

static char *response;
static size_t response_length;
static struct connection *connections;

static void close_connection(int epoll, int fd) {
    epoll_ctl(epoll, EPOLL_CTL_DEL, fd, NULL);
    close(fd);
    connections[fd].open = 0;
}

// Sends what is owed; returns -1 when the connection failed, 0 otherwise (EAGAIN leaves the rest for EPOLLOUT).
static int flush(int fd) {
    struct connection *c = &connections[fd];
    while (c->owed > 0) {
        ssize_t n = send(fd, response + c->offset, response_length - c->offset, MSG_NOSIGNAL);
        if (n < 0) {
            if (errno == EINTR) continue;
            if (errno == EAGAIN || errno == EWOULDBLOCK) return 0;
            return -1;
        }
        c->offset += (size_t)n;
        if (c->offset == response_length) {
            c->offset = 0;
            c->owed -= 1;
        }
    }
    return 0;
}

// Reads everything available, counts complete request heads, keeps a partial one.
static int receive(int fd) {
    struct connection *c = &connections[fd];
    for (;;) {
        if (c->used == INPUT_CAPACITY) return -1;  // a head larger than 16 KiB: not a benchmark request
        ssize_t n = recv(fd, c->input + c->used, INPUT_CAPACITY - c->used, 0);
        if (n == 0) return -1;
        if (n < 0) {
            if (errno == EINTR) continue;
            if (errno == EAGAIN || errno == EWOULDBLOCK) return 0;
            return -1;
        }
        c->used += (size_t)n;
        size_t start = 0;
        for (;;) {
            char *end = memmem(c->input + start, c->used - start, "\r\n\r\n", 4);
            if (!end) break;
            start = (size_t)(end - c->input) + 4;
            c->owed += 1;
        }
        if (start > 0) {
            memmove(c->input, c->input + start, c->used - start);
            c->used -= start;
        }
    }
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: bare-epoll PORT RESPONSE_FILE\n");
        return 2;
    }
    int file = open(argv[2], O_RDONLY);
    struct stat info;
    if (file < 0 || fstat(file, &info) != 0 || info.st_size <= 0) {
        perror(argv[2]);
        return 1;
    }
    response_length = (size_t)info.st_size;
    response = malloc(response_length);
    if (!response || read(file, response, response_length) != (ssize_t)response_length) {
        perror("read");
        return 1;
    }
    close(file);
    connections = calloc(MAX_CONNECTIONS, sizeof *connections);
    if (!connections) return 1;

    int listener = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    int one = 1;
    setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons((uint16_t)atoi(argv[1])),
                                  .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    if (bind(listener, (struct sockaddr *)&address, sizeof address) != 0 || listen(listener, 1024) != 0) {
        perror("bind/listen");
        return 1;
    }
    int epoll = epoll_create1(EPOLL_CLOEXEC);
    struct epoll_event event = {.events = EPOLLIN, .data.fd = listener};
    epoll_ctl(epoll, EPOLL_CTL_ADD, listener, &event);

    struct epoll_event events[256];
    for (;;) {
        int ready = epoll_wait(epoll, events, 256, -1);
        if (ready < 0) {
            if (errno == EINTR) continue;
            perror("epoll_wait");
            return 1;
        }
        for (int i = 0; i < ready; i++) {
            int fd = events[i].data.fd;
            if (fd == listener) {
                for (;;) {
                    int client = accept4(listener, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
                    if (client < 0) break;
                    if (client >= MAX_CONNECTIONS) {
                        close(client);
                        continue;
                    }
                    setsockopt(client, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
                    connections[client] = (struct connection){.open = 1};
                    struct epoll_event e = {.events = EPOLLIN | EPOLLOUT | EPOLLET | EPOLLRDHUP, .data.fd = client};
                    epoll_ctl(epoll, EPOLL_CTL_ADD, client, &e);
                }
                continue;
            }
            if (!connections[fd].open) continue;
            if ((events[i].events & (EPOLLERR | EPOLLHUP)) || receive(fd) < 0 || flush(fd) < 0) {
                close_connection(epoll, fd);
            }
        }
    }
}
