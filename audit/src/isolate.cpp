// Worker processes for user implementations (see isolate.hpp for the scheme).
#include "touchstone/audit/isolate.hpp"

#include <algorithm>
#include <chrono>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <map>
#include <mutex>
#include <stdexcept>

#include "touchstone/case_file.hpp"

#if defined(__unix__) || defined(__APPLE__)
#define TOUCHSTONE_CAN_FORK 1
#include <poll.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
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

/// One answer on the socket: fixed fields, then the error text. The worker
/// sends its answers in bursts (a few hundred at a time, and at least every
/// flush_interval while it makes progress), one write() each: a write per
/// answer cost more than the answers of a fast implementation. A worker that
/// dies mid-burst loses the burst; the shared page tells the parent which
/// case it died on, and the lost cases run again in the next worker.
struct WireHead {
    std::uint8_t valid, hit;
    std::uint16_t error_size;
    std::int32_t kind, count;
    double pts[4];
};
constexpr std::size_t max_error_size = 1024;
/// What a worker may take to start, on top of its first case's time limit.
constexpr int startup_slack_ms = 1000;
/// A worker on one case is polled this often (at most) while the parent
/// waits for it, to read its CPU clock.
constexpr int watch_slice_ms = 250;
/// The pause between reads of a worker's answers, in microseconds.
constexpr unsigned read_pause_us = 500;
/// The child's burst buffer, and the longest it keeps answers back.
constexpr std::size_t burst_size = 16384;
constexpr auto flush_interval = std::chrono::milliseconds(10);
/// The workers a thread keeps (one per implementation it evaluates).
constexpr std::size_t max_idle_workers = 8;

/// Written by a worker before each case: the position (in its list) of the
/// case it is evaluating. Read by the parent when the worker dies or hangs.
struct SharedProgress {
    volatile std::uint64_t in_flight;
};

/// The child's side: answers into a buffer, the buffer onto the socket.
class Burst {
public:
    explicit Burst(int fd) : fd_(fd), last_(std::chrono::steady_clock::now()) {}
    void add(const Answer& a) {
        if (used_ + sizeof(WireHead) + max_error_size > burst_size) flush();
        WireHead h{};
        h.valid = a.valid;
        h.hit = a.hit;
        h.error_size = static_cast<std::uint16_t>(std::min(a.error.size(), max_error_size));
        h.kind = a.kind;
        h.count = a.count;
        std::copy(a.pts.begin(), a.pts.end(), h.pts);
        std::memcpy(buf_ + used_, &h, sizeof h);
        std::memcpy(buf_ + used_ + sizeof h, a.error.data(), h.error_size);
        used_ += sizeof h + h.error_size;
        if (std::chrono::steady_clock::now() - last_ > flush_interval) flush();
    }
    void flush() {
        std::size_t done = 0;
        while (done < used_) {
            const ssize_t w = ::write(fd_, buf_ + done, used_ - done);
            if (w < 0 && errno == EINTR) continue;
            if (w <= 0) ::_exit(3);  // the parent is gone
            done += static_cast<std::size_t>(w);
        }
        used_ = 0;
        last_ = std::chrono::steady_clock::now();
    }

private:
    int fd_;
    std::chrono::steady_clock::time_point last_;
    std::size_t used_ = 0;
    char buf_[burst_size];
};

/// Takes the whole record at `at` of `buf`, if there is one, and moves `at`
/// past it (the caller drops the records taken once per read: erasing each
/// from the front would copy the rest of the buffer once per answer).
bool take_answer(const std::string& buf, std::size_t& at, Answer& a) {
    if (buf.size() - at < sizeof(WireHead)) return false;
    WireHead h;
    std::memcpy(&h, buf.data() + at, sizeof h);
    if (buf.size() - at < sizeof h + h.error_size) return false;
    a = Answer{};
    a.valid = h.valid != 0;
    a.hit = h.hit != 0;
    a.kind = h.kind;
    a.count = h.count;
    std::copy(h.pts, h.pts + 4, a.pts.begin());
    a.error.assign(buf.data() + at + sizeof h, h.error_size);
    at += sizeof h + h.error_size;
    return true;
}

/// What became of a worker that stopped early.
std::string exit_text(int status) {
    if (WIFSIGNALED(status)) return signal_name(WTERMSIG(status));
    if (WIFEXITED(status)) return "exit status " + std::to_string(WEXITSTATUS(status));
    return "stopped";
}

/// Reads exactly n bytes; false at end of file or on an error.
bool read_all(int fd, void* data, std::size_t n) {
    auto* p = static_cast<char*>(data);
    while (n > 0) {
        const ssize_t r = ::read(fd, p, n);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) return false;
        p += r;
        n -= static_cast<std::size_t>(r);
    }
    return true;
}

/// A worker process for one implementation, kept by the thread that started
/// it for every later batch (and shrink candidate) of that implementation,
/// until it crashes or hangs: a fork per batch cost more than the answers
/// of a fast implementation. Requests go down a socket (send() with
/// MSG_NOSIGNAL: a dead worker is an error code, not a SIGPIPE), answers
/// come back in bursts.
struct Worker {
    pid_t pid = -1;
    int fd = -1;  ///< the parent's end of the socket pair
    SharedProgress* page = nullptr;
    int status = 0;  ///< how it ended, once stopped

    bool alive() const { return pid > 0; }
    /// Kills it (when still running) and collects its exit status.
    void stop(bool kill_it) {
        if (!alive()) return;
        if (kill_it) ::kill(pid, SIGKILL);
        while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
        }
        ::close(fd);
        ::munmap(page, sizeof(SharedProgress));
        pid = -1;
        fd = -1;
        page = nullptr;
    }
};

/// Socket pair, fork and the close of the child's end happen under this
/// lock, so no other thread's worker inherits a child's end (it would hide
/// that child's death: the parent sees end of file only when every copy of
/// the child's end is closed).
std::mutex& fork_mutex() {
    static std::mutex m;
    return m;
}

/// The worker's life: read a request (a count, then that many cases),
/// evaluate each, writing its position into the shared page first, send the
/// answers in bursts, wait for the next request. It ends when the parent
/// closes the socket or goes away.
[[noreturn]] void worker_main(const Implementation& impl, int fd, SharedProgress* page,
                              pid_t parent) {
    restore_fatal_signals();
    std::vector<std::array<double, max_fields>> cases;
    Burst burst(fd);
    for (;;) {
        // Wake up now and then to notice a parent that died without closing
        // the socket (other workers may hold copies of its end).
        pollfd p{fd, POLLIN, 0};
        const int r = ::poll(&p, 1, 1000);
        if (r == 0) {
            if (::getppid() != parent) ::_exit(0);
            continue;
        }
        if (r < 0 && errno == EINTR) continue;
        std::uint32_t n = 0;
        if (r < 0 || !read_all(fd, &n, sizeof n)) ::_exit(0);
        cases.resize(n);
        if (!read_all(fd, cases.data(), n * sizeof cases[0])) ::_exit(0);
        for (std::size_t k = 0; k < n; ++k) {
            page->in_flight = k;
            burst.add(impl.eval(cases[k].data()));
        }
        burst.flush();
    }
}

/// Starts a worker for impl.
Worker start_worker(const Implementation& impl) {
    Worker w;
    void* page = ::mmap(nullptr, sizeof(SharedProgress), PROT_READ | PROT_WRITE,
                        MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (page == MAP_FAILED) throw std::runtime_error("isolation: mmap() failed");
    w.page = static_cast<SharedProgress*>(page);
    w.page->in_flight = 0;
    const pid_t parent = ::getpid();
    std::lock_guard<std::mutex> lock(fork_mutex());
    int fds[2];
    if (::socketpair(AF_UNIX, SOCK_STREAM, 0, fds) != 0) {
        ::munmap(page, sizeof(SharedProgress));
        throw std::runtime_error("isolation: socketpair() failed");
    }
    // Buffered output would be written twice (by parent and child) otherwise.
    std::fflush(nullptr);
    const pid_t pid = ::fork();
    if (pid < 0) {
        ::close(fds[0]);
        ::close(fds[1]);
        ::munmap(page, sizeof(SharedProgress));
        throw std::runtime_error("isolation: fork() failed");
    }
    if (pid == 0) {
        ::close(fds[0]);
        worker_main(impl, fds[1], w.page, parent);
    }
    ::close(fds[1]);
    w.pid = pid;
    w.fd = fds[0];
    return w;
}

/// This thread's workers, one per implementation; stopped when the thread
/// ends.
struct Workers {
    std::map<const Implementation*, Worker> of;
    ~Workers() {
        for (auto& entry : of) entry.second.stop(true);
    }
};

Workers& my_workers() {
    static thread_local Workers w;
    return w;
}

/// Sends a request; false when the worker is gone.
bool send_request(const Worker& w, const std::vector<std::array<double, max_fields>>& cases,
                  const std::vector<std::size_t>& list) {
    std::vector<char> msg(sizeof(std::uint32_t) + list.size() * sizeof(cases[0]));
    const auto n = static_cast<std::uint32_t>(list.size());
    std::memcpy(msg.data(), &n, sizeof n);
    for (std::size_t k = 0; k < list.size(); ++k)
        std::memcpy(msg.data() + sizeof n + k * sizeof(cases[0]), cases[list[k]].data(),
                    sizeof(cases[0]));
    std::size_t done = 0;
    while (done < msg.size()) {
        const ssize_t r = ::send(w.fd, msg.data() + done, msg.size() - done, MSG_NOSIGNAL);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) return false;
        done += static_cast<std::size_t>(r);
    }
    return true;
}

/// How a request ended: every case answered (answered == list size), or
/// `answered` answers arrived and the case at position `culprit` (>=
/// answered) crashed or hung; the cases in between answered but their
/// answers were lost with the worker.
struct WorkerEnd {
    std::size_t answered = 0, culprit = 0;
    bool fresh = false;    ///< the worker was started for this request
    bool stalled = false;  ///< timed out without using the CPU (see CaseWatch)
};

/// The worker's CPU time in seconds, or -1 where the system cannot tell
/// (the rule is then wall time alone).
double cpu_seconds(pid_t pid) {
#if defined(__linux__)
    clockid_t id;
    timespec t;
    if (::clock_getcpuclockid(pid, &id) == 0 && ::clock_gettime(id, &t) == 0)
        return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
#else
    (void)pid;
#endif
    return -1;
}

/// When a worker that sends nothing is hung, and how. It is when it has
/// been on one case for the limit (--case-timeout) of wall time (a new
/// worker's first case gets startup_slack_ms more: copy-on-write faults;
/// under a sanitizer, a noticeable time). If it used the CPU for at least
/// half of that time it is `spinning`: a loop, a timeout. Otherwise it is
/// `stalled`: it sleeps or blocks, or a loaded machine did not schedule it,
/// or it is stuck at a lock that another thread of the parent held when it
/// was forked (a sanitizer's allocator without fork handlers does that);
/// the caller runs the case again alone in a fresh worker, and only a second
/// stall or spin makes it a timeout. Without a CPU clock of another process
/// (not Linux), every hang is `stalled`. The parent looks every
/// watch_slice_ms.
class CaseWatch {
public:
    enum Verdict { running, spinning, stalled };
    CaseWatch(pid_t pid, double limit_s) : pid_(pid), limit_(limit_s) {}

    /// Called before each wait, with the case the worker is on.
    void before_wait(std::uint64_t on_case) {
        if (on_case == case_ && started_) return;
        case_ = on_case;
        started_ = true;
        since_ = std::chrono::steady_clock::now();
        cpu_since_ = cpu_seconds(pid_);
    }
    int wait_ms() const {
        const double limit_ms = limit_ * 1000.0;
        return static_cast<int>(std::min<double>(watch_slice_ms, std::max(1.0, limit_ms)));
    }
    /// After a wait without answers: is the worker hung on its case?
    Verdict hung(std::uint64_t on_case, bool first) const {
        if (on_case != case_) return running;  // it moved on during the wait
        const double slack = first ? startup_slack_ms / 1000.0 : 0.0;
        const double wall =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - since_).count();
        if (wall < limit_ + slack) return running;
        const double cpu = cpu_seconds(pid_);
        if (cpu < 0 || cpu_since_ < 0) return stalled;
        return cpu - cpu_since_ >= 0.5 * wall ? spinning : stalled;
    }

private:
    pid_t pid_;
    double limit_;
    std::uint64_t case_ = 0;
    bool started_ = false;
    std::chrono::steady_clock::time_point since_;
    double cpu_since_ = -1;
};

/// Runs the cases at `list` (indices into `cases`) in this thread's worker
/// for impl (started when there is none); fills out[list[0..answered)] with
/// its answers and, when it stopped early, out[list[culprit]] with why
/// (crashed or timed_out). A worker that crashed or hung is gone; the next
/// request starts a fresh one.
WorkerEnd run_worker(const Implementation& impl,
                     const std::vector<std::array<double, max_fields>>& cases,
                     const std::vector<std::size_t>& list, double case_timeout,
                     std::vector<Outcome>& out) {
    auto& workers = my_workers().of;
    if (!workers.count(&impl) && workers.size() >= max_idle_workers) {
        // Cells move on to other implementations: keep a few workers a thread.
        workers.begin()->second.stop(true);
        workers.erase(workers.begin());
    }
    Worker& w = workers[&impl];
    WorkerEnd end;
    // A worker may have died between requests (killed from outside): one
    // fresh start, then it is an error.
    bool sent = false;
    for (int attempt = 0; attempt < 2 && !sent; ++attempt) {
        if (!w.alive()) {
            w = start_worker(impl);
            end.fresh = true;
        }
        w.page->in_flight = 0;
        sent = send_request(w, cases, list);
        if (!sent) w.stop(true);
    }
    if (!sent) throw std::runtime_error("isolation: a new worker process does not take requests");
    std::string buf;
    bool timed_out = false, gone = false;
    static thread_local char chunk[65536];  // a whole socket buffer per read
    CaseWatch watch(w.pid, case_timeout);
    while (end.answered < list.size()) {
        pollfd p{w.fd, POLLIN, 0};
        watch.before_wait(w.page->in_flight);
        const int r = ::poll(&p, 1, watch.wait_ms());
        if (r < 0 && errno == EINTR) continue;
        if (r == 0) {
            // No answer yet. The worker sends answers in bursts, so silence
            // alone is no hang; see CaseWatch for when it is one.
            const CaseWatch::Verdict v = watch.hung(w.page->in_flight, end.answered == 0);
            if (v == CaseWatch::running) continue;
            end.stalled = v == CaseWatch::stalled;
            timed_out = true;
            break;
        }
        const ssize_t n = ::read(w.fd, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {  // the worker is gone
            gone = true;
            break;
        }
        buf.append(chunk, static_cast<std::size_t>(n));
        Answer a;
        std::size_t at = 0;
        while (end.answered < list.size() && take_answer(buf, at, a)) {
            Outcome& o = out[list[end.answered]];
            o.kind = Outcome::answered;
            o.answer = std::move(a);
            ++end.answered;
        }
        buf.erase(0, at);
        // Let answers pile up before the next read.
        if (end.answered < list.size()) ::usleep(read_pause_us);
    }
    end.culprit = end.answered;
    if (end.answered == list.size()) return end;
    // The case the worker was on; never before the answers that arrived.
    const std::uint64_t k = w.page->in_flight;
    if (k >= end.answered && k < list.size()) end.culprit = static_cast<std::size_t>(k);
    w.stop(timed_out || !gone);
    Outcome& o = out[list[end.culprit]];
    if (timed_out) {
        o.kind = Outcome::timed_out;
        char text[64];
        std::snprintf(text, sizeof text, "no answer within %g s", case_timeout);
        o.detail = text;
    } else {
        o.kind = Outcome::crashed;
        o.detail = exit_text(w.status);
    }
    return end;
}

}  // namespace

std::vector<Outcome> evaluate_isolated(const Implementation& impl,
                                       const std::vector<std::array<double, max_fields>>& cases,
                                       double case_timeout, std::size_t chunk) {
    std::vector<Outcome> out(cases.size());
    chunk = std::max<std::size_t>(chunk, 1);
    // The cases still to run, in order; a worker takes the next `chunk`.
    std::vector<std::size_t> todo(cases.size());
    for (std::size_t i = 0; i < todo.size(); ++i) todo[i] = i;
    std::size_t pos = 0;
    while (pos < todo.size()) {
        const std::size_t n = std::min(chunk, todo.size() - pos);
        const std::vector<std::size_t> list(todo.begin() + static_cast<std::ptrdiff_t>(pos),
                                            todo.begin() + static_cast<std::ptrdiff_t>(pos + n));
        const WorkerEnd end = run_worker(impl, cases, list, case_timeout, out);
        if (end.answered == n) {
            pos += n;
            continue;
        }
        // The culprit did not answer. A crash after earlier cases in the same
        // worker (this batch's or earlier ones') is re-run alone in a fresh
        // worker, so that only a case which fails on its own is called a
        // crash. A timeout that spun is not re-run: it was timed alone; one
        // that stalled is (see CaseWatch), and a second stall is a timeout.
        const std::size_t culprit = list[end.culprit];
        if (out[culprit].kind == Outcome::crashed && (end.culprit > 0 || !end.fresh))
            run_worker(impl, cases, {culprit}, case_timeout, out);
        else if (out[culprit].kind == Outcome::timed_out && end.stalled)
            run_worker(impl, cases, {culprit}, case_timeout, out);
        // The culprit is settled; the cases between the last answer and it
        // (answered, but lost with the child) run again in the next worker.
        todo.erase(todo.begin() + static_cast<std::ptrdiff_t>(pos + end.culprit));
        pos += end.answered;
    }
    return out;
}

#else  // no fork: in-process (isolation_available() is false).

void restore_fatal_signals() {}

std::vector<Outcome> evaluate_isolated(const Implementation& impl,
                                       const std::vector<std::array<double, max_fields>>& cases,
                                       double, std::size_t) {
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
    std::vector<std::array<double, max_fields>> one(1);
    std::copy(args, args + arity(impl.primitive), one[0].begin());
    return evaluate_isolated(impl, one, policy.case_timeout, 1)[0];
}

}  // namespace touchstone::audit
