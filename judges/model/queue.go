package model

import (
	"context"
	"slices"
	"sync"

	"github.com/rxeval/rxeval/eval"
)

// queue hands pairs to call slots: a re-queued pair to a host that has not
// tried it, a fresh pair to a slot whose host has no more calls in flight
// than any other live host with an idle slot.
type queue struct {
	mu          sync.Mutex
	conds       []*sync.Cond // one per host, on mu: a wake-up per host, not per slot
	fresh       []int
	retry       []int
	gaveUp      []int                 // re-queued pairs no live host can still try
	last        map[int]eval.Decision // the last failure of a re-queued pair
	tried       map[int][]bool
	inflight    []int
	waiting     []int
	dropped     []bool
	failsInARow []int
	maxFailures int
	busy        int // pairs taken and not yet done or re-queued
	// slots and arrived: no slot takes a pair before every slot is
	// waiting, so that the first pairs spread over the hosts.
	slots, arrived int
	finished       chan struct{} // closed when no pair is left to do
	finishOnce     sync.Once
}

func newQueue(todo []int, hosts, maxFailures int) *queue {
	q := &queue{fresh: todo, last: map[int]eval.Decision{}, tried: map[int][]bool{}, inflight: make([]int, hosts), waiting: make([]int, hosts),
		dropped: make([]bool, hosts), failsInARow: make([]int, hosts), maxFailures: maxFailures, finished: make(chan struct{})}
	for range hosts {
		q.conds = append(q.conds, sync.NewCond(&q.mu))
	}
	return q
}

func (q *queue) wake() {
	q.mu.Lock()
	q.wakeAll()
	q.mu.Unlock()
}

// wait parks a slot of host h until a change that may concern it.
func (q *queue) wait(h int) {
	q.waiting[h]++
	q.conds[h].Wait()
	q.waiting[h]--
}

// nudge wakes one idle slot of each host to look at the queue again.
func (q *queue) nudge() {
	for _, c := range q.conds {
		c.Signal()
	}
}

// wakeAll wakes every idle slot: the run is over, or a host was dropped.
func (q *queue) wakeAll() {
	for _, c := range q.conds {
		c.Broadcast()
	}
}

// arrive registers a call slot that is ready to work.
func (q *queue) arrive() {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.arrived++
	if q.arrived == q.slots {
		q.wakeAll()
	}
}

// next blocks until there is a pair for host h; ok is false when there is
// no more work for h.
func (q *queue) next(ctx context.Context, h int) (int, bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	for {
		if ctx.Err() != nil || q.dropped[h] {
			return 0, false
		}
		if q.arrived < q.slots {
			q.wait(h)
			continue
		}
		q.sweep()
		for k, i := range q.retry {
			if !q.tried[i][h] {
				q.retry = slices.Delete(q.retry, k, k+1)
				return q.take(i, h), true
			}
		}
		if len(q.fresh) > 0 && !q.lessBusyIdle(h) {
			i := q.fresh[0]
			q.fresh = q.fresh[1:]
			return q.take(i, h), true
		}
		if q.over() {
			return 0, false
		}
		q.wait(h)
	}
}

// sweep gives up the re-queued pairs that every live host has tried.
func (q *queue) sweep() {
	q.retry = slices.DeleteFunc(q.retry, func(i int) bool {
		if q.untried(i) {
			return false
		}
		q.gaveUp = append(q.gaveUp, i)
		return true
	})
}

func (q *queue) untried(i int) bool {
	for g := range q.inflight {
		if !q.dropped[g] && !q.tried[i][g] {
			return true
		}
	}
	return false
}

// lessBusyIdle reports whether another live host with an idle slot has
// fewer calls in flight than h: that host takes the next fresh pair.
func (q *queue) lessBusyIdle(h int) bool {
	for g := range q.inflight {
		if g != h && !q.dropped[g] && q.waiting[g] > 0 && q.inflight[g] < q.inflight[h] {
			return true
		}
	}
	return false
}

func (q *queue) take(i, h int) int {
	if q.tried[i] == nil {
		q.tried[i] = make([]bool, len(q.inflight))
	}
	q.tried[i][h] = true
	q.inflight[h]++
	q.busy++
	if len(q.fresh)+len(q.retry) > 0 {
		q.nudge()
	}
	return i
}

// callEnded ends a call on host h: a failure counts towards dropping the
// host, anything else resets the count.
func (q *queue) callEnded(h int, failed bool) (fails int, dropped bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.inflight[h]--
	q.nudge()
	if !failed {
		q.failsInARow[h] = 0
		return 0, false
	}
	q.failsInARow[h]++
	if q.failsInARow[h] >= q.maxFailures && !q.dropped[h] {
		q.dropped[h] = true
		dropped = true
		q.wakeAll()
	}
	return q.failsInARow[h], dropped
}

// done ends a taken pair.
func (q *queue) done() {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.busy--
	if q.over() {
		q.wakeAll()
	}
}

// over reports (and signals on finished) that no pair is left to do.
func (q *queue) over() bool {
	if len(q.fresh) > 0 || len(q.retry) > 0 || q.busy > 0 {
		return false
	}
	q.finishOnce.Do(func() { close(q.finished) })
	return true
}

func (q *queue) isDropped(h int) bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.dropped[h]
}

// requeue puts a failed pair back for a live host that has not tried it;
// false if there is none.
func (q *queue) requeue(i int, d eval.Decision) bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	if !q.untried(i) {
		return false
	}
	q.retry = append(q.retry, i)
	q.last[i] = d
	q.busy--
	q.nudge()
	return true
}

// leftover returns the pairs never finished, with the last failure of
// those that were tried.
func (q *queue) leftover() ([]int, map[int]eval.Decision) {
	q.mu.Lock()
	defer q.mu.Unlock()
	return slices.Concat(q.fresh, q.retry, q.gaveUp), q.last
}

func (q *queue) allDropped() bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	return !slices.Contains(q.dropped, false)
}
