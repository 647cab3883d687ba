// Worker processes for user implementations (see isolate.hpp for the scheme).
#include "touchstone/audit/isolate.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <stdexcept>

#include "touchstone/case_file.hpp"

#if defined(__unix__) || defined(__APPLE__)
#define TOUCHSTONE_CAN_FORK 1
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
#endif

namespace touchstone::audit {

bool parse_isolate_mode(const std::string& s, IsolateMode& out) {
    if (s == "auto") {
        out = IsolateMode::automatic;
    } else if (s == "always") {
        out = IsolateMode::always;
    } else if (s == "never") {
        out = IsolateMode::never;
    } else {
        return false;
    }
    return true;
}

bool isolation_available() {
#ifdef TOUCHSTONE_CAN_FORK
    return true;
#else
    return false;
#endif
}

bool IsolationPolicy::isolates(const Implementation& impl) const {
    if (!isolation_available() || mode == IsolateMode::never) return false;
    return mode == IsolateMode::always || impl.user;
}

std::string Outcome::json() const {
    if (kind == answered) return "null";
    return std::string("{\"") + (kind == crashed ? "crash" : "timeout") +
           "\":" + json_string(detail) + "}";
}

std::string signal_name(int sig) {
#ifdef TOUCHSTONE_CAN_FORK
    switch (sig) {
        case SIGSEGV: return "SIGSEGV";
        case SIGFPE: return "SIGFPE";
        case SIGABRT: return "SIGABRT";
        case SIGILL: return "SIGILL";
        case SIGBUS: return "SIGBUS";
        case SIGKILL: return "SIGKILL";
        case SIGTERM: return "SIGTERM";
        case SIGALRM: return "SIGALRM";
        case SIGTRAP: return "SIGTRAP";
        case SIGSYS: return "SIGSYS";
        case SIGPIPE: return "SIGPIPE";
        default: break;
    }
#endif
    return "signal " + std::to_string(sig);
}

#ifdef TOUCHSTONE_CAN_FORK
// A sanitizer (or the host program) may catch the fatal signals and die of
// another (ASan with abort_on_error dies of SIGABRT on a SIGFPE).
void restore_fatal_signals() {
    for (int sig : {SIGSEGV, SIGFPE, SIGILL, SIGBUS, SIGABRT, SIGTRAP, SIGSYS})
        ::signal(sig, SIG_DFL);
}

namespace {

/// One answer on the pipe: fixed fields, then the error text. A record is
/// written with one write() of fewer than PIPE_BUF bytes, so a child that
/// dies mid-chunk never leaves half a record behind.
struct WireHead {
    std::uint8_t valid, hit;
    std::uint16_t error_size;
    std::int32_t kind, count;
    double pts[4];
};
constexpr std::size_t max_error_size = 1024;
/// What a worker may take to start, on top of its first case's time limit.
constexpr int startup_slack_ms = 1000;
/// The pause between reads of a worker's answers, in microseconds.
constexpr unsigned read_pause_us = 500;

void write_answer(int fd, const Answer& a) {
    char buf[sizeof(WireHead) + max_error_size];
    WireHead h{};
    h.valid = a.valid;
    h.hit = a.hit;
    h.error_size = static_cast<std::uint16_t>(std::min(a.error.size(), max_error_size));
    h.kind = a.kind;
    h.count = a.count;
    std::copy(a.pts.begin(), a.pts.end(), h.pts);
    std::memcpy(buf, &h, sizeof h);
    std::memcpy(buf + sizeof h, a.error.data(), h.error_size);
    const std::size_t n = sizeof h + h.error_size;
    std::size_t done = 0;
    while (done < n) {
        const ssize_t w = ::write(fd, buf + done, n - done);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) ::_exit(3);  // the parent is gone
        done += static_cast<std::size_t>(w);
    }
}

/// Takes one whole record off the front of `buf`, if there is one.
bool take_answer(std::string& buf, Answer& a) {
    if (buf.size() < sizeof(WireHead)) return false;
    WireHead h;
    std::memcpy(&h, buf.data(), sizeof h);
    if (buf.size() < sizeof h + h.error_size) return false;
    a = Answer{};
    a.valid = h.valid != 0;
    a.hit = h.hit != 0;
    a.kind = h.kind;
    a.count = h.count;
    std::copy(h.pts, h.pts + 4, a.pts.begin());
    a.error.assign(buf.data() + sizeof h, h.error_size);
    buf.erase(0, sizeof h + h.error_size);
    return true;
}

/// What became of a worker that stopped early.
std::string exit_text(int status) {
    if (WIFSIGNALED(status)) return signal_name(WTERMSIG(status));
    if (WIFEXITED(status)) return "exit status " + std::to_string(WEXITSTATUS(status));
    return "stopped";
}

/// Runs cases [begin, end) in one child; fills out[begin, begin + k) with
/// the answers it sent and returns begin + k. When k < end - begin, out[begin
/// + k] says why the child stopped there (crashed or timed_out).
std::size_t run_worker(const Implementation& impl, const std::vector<std::array<double, 8>>& cases,
                       std::size_t begin, std::size_t end, double case_timeout,
                       std::vector<Outcome>& out) {
    int fds[2];
    if (::pipe(fds) != 0) throw std::runtime_error("isolation: pipe() failed");
    // Buffered output would be written twice (by parent and child) otherwise.
    std::fflush(nullptr);
    const pid_t pid = ::fork();
    if (pid < 0) {
        ::close(fds[0]);
        ::close(fds[1]);
        throw std::runtime_error("isolation: fork() failed");
    }
    if (pid == 0) {
        // The child: only the implementation, write() and _exit() (no
        // destructors, no stdio flush, nothing another thread may have locked).
        ::close(fds[0]);
        restore_fatal_signals();
        for (std::size_t i = begin; i < end; ++i) write_answer(fds[1], impl.eval(cases[i].data()));
        ::_exit(0);
    }
    ::close(fds[1]);
    const int wait_ms = static_cast<int>(std::min(case_timeout * 1000.0, 2.0e9));
    // The first answer also waits for the child to start (copy-on-write
    // faults; under a sanitizer or a loaded machine, a noticeable time).
    const int first_wait_ms = wait_ms + startup_slack_ms;
    std::string buf;
    std::size_t next = begin;
    bool timed_out = false;
    char chunk[8192];
    while (next < end) {
        pollfd p{fds[0], POLLIN, 0};
        const int r = ::poll(&p, 1, next == begin ? first_wait_ms : wait_ms);
        if (r < 0 && errno == EINTR) continue;
        if (r == 0) {  // the case `next` took longer than the limit
            timed_out = true;
            ::kill(pid, SIGKILL);
            break;
        }
        const ssize_t n = ::read(fds[0], chunk, sizeof chunk);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;  // the child is gone
        buf.append(chunk, static_cast<std::size_t>(n));
        Answer a;
        while (next < end && take_answer(buf, a)) {
            out[next].kind = Outcome::answered;
            out[next].answer = std::move(a);
            ++next;
        }
        // Let answers pile up in the pipe (64 KiB: over a thousand) before
        // the next read: one wake-up per answer would cost more than the
        // answers of a fast implementation (measured: half the run).
        if (next < end) ::usleep(read_pause_us);
    }
    ::close(fds[0]);
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (next < end) {
        Outcome& o = out[next];
        if (timed_out) {
            o.kind = Outcome::timed_out;
            char text[64];
            std::snprintf(text, sizeof text, "no answer within %g s", case_timeout);
            o.detail = text;
        } else {
            o.kind = Outcome::crashed;
            o.detail = exit_text(status);
        }
    }
    return next;
}

}  // namespace

std::vector<Outcome> evaluate_isolated(const Implementation& impl,
                                       const std::vector<std::array<double, 8>>& cases,
                                       double case_timeout, std::size_t chunk) {
    std::vector<Outcome> out(cases.size());
    chunk = std::max<std::size_t>(chunk, 1);
    std::size_t begin = 0;
    while (begin < cases.size()) {
        const std::size_t end = std::min(cases.size(), begin + chunk);
        const std::size_t stop = run_worker(impl, cases, begin, end, case_timeout, out);
        if (stop == end) {
            begin = end;
            continue;
        }
        // Case `stop` did not answer. A crash after earlier cases in the same
        // child is re-run alone, so that only a case which fails on its own
        // is called a crash. A timeout is not re-run: it was timed alone.
        if (out[stop].kind == Outcome::crashed && stop > begin)
            run_worker(impl, cases, stop, stop + 1, case_timeout, out);
        begin = stop + 1;
    }
    return out;
}

#else  // no fork: in-process (isolation_available() is false).

void restore_fatal_signals() {}

std::vector<Outcome> evaluate_isolated(const Implementation& impl,
                                       const std::vector<std::array<double, 8>>& cases, double,
                                       std::size_t) {
    std::vector<Outcome> out(cases.size());
    for (std::size_t i = 0; i < cases.size(); ++i) out[i].answer = impl.eval(cases[i].data());
    return out;
}

#endif

Outcome evaluate_one(const Implementation& impl, const double* args,
                     const IsolationPolicy& policy) {
    if (!policy.isolates(impl)) {
        Outcome o;
        o.answer = impl.eval(args);
        return o;
    }
    std::vector<std::array<double, 8>> one(1);
    std::copy(args, args + arity(impl.primitive), one[0].begin());
    return evaluate_isolated(impl, one, policy.case_timeout, 1)[0];
}

}  // namespace touchstone::audit
