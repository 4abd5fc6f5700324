/* Keeps the 16 KiB chunks of CPython's frame stack for reuse, in the test processes only.

   Since Python 3.11 a thread's frames live on a stack of 16 KiB chunks. A call that crosses a
   chunk's end maps a new chunk (mmap) and its return unmaps it (munmap) at once, so code whose
   call depth goes up and down across a chunk's edge (a Django request, a template, a PDF) asks
   the kernel for memory and gives it back tens of thousands of times a module: 82,622 mmap calls
   of 16 KiB in the 105 tests of test_views_game.py, and 12% of the quick tier's CPU was the
   kernel's. Here the last 64 chunks given back are kept and handed out again; every other size
   (the object allocator's 1 MiB arenas, a chunk for a huge frame) goes to CPython's own
   allocator as before. Every block handed out was mapped by that allocator, so a block kept here
   is the same memory whichever way it came back.

   The hook is CPython's public arena allocator (PyObject_SetArenaAllocator, "Customize pymalloc
   Arena Allocator"), which is what the frame stack allocates through. The struct is declared
   here, as in CPython's Include/cpython/objimpl.h, so that no Python headers are needed: only a C
   compiler. tests/frame_chunks.py builds and installs it; without a compiler the tests run the
   same, only slower. */

#include <pthread.h>
#include <stddef.h>

typedef struct {
    void *ctx;
    void *(*alloc)(void *ctx, size_t size);
    void (*free)(void *ctx, void *ptr, size_t size);
} PyObjectArenaAllocator;

void PyObject_GetArenaAllocator(PyObjectArenaAllocator *allocator);
void PyObject_SetArenaAllocator(PyObjectArenaAllocator *allocator);

#define CHUNK_SIZE 16384 /* DATA_STACK_CHUNK_SIZE in CPython's Python/pystate.c */
#define KEPT_AT_MOST 64  /* 1 MiB */

static PyObjectArenaAllocator cpython;
static void *kept[KEPT_AT_MOST];
static int kept_count;
/* The interpreter lock is held for nearly every call, but a thread state may be deleted without it. */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void *chunk_alloc(void *ctx, size_t size) {
    (void)ctx;
    if (size == CHUNK_SIZE) {
        void *block = NULL;
        pthread_mutex_lock(&lock);
        if (kept_count > 0) block = kept[--kept_count];
        pthread_mutex_unlock(&lock);
        if (block != NULL) return block;
    }
    return cpython.alloc(cpython.ctx, size);
}

static void chunk_free(void *ctx, void *block, size_t size) {
    (void)ctx;
    if (size == CHUNK_SIZE && block != NULL) {
        int taken = 0;
        pthread_mutex_lock(&lock);
        if (kept_count < KEPT_AT_MOST) {
            kept[kept_count++] = block;
            taken = 1;
        }
        pthread_mutex_unlock(&lock);
        if (taken) return;
    }
    cpython.free(cpython.ctx, block, size);
}

/* Called once per process, by tests/frame_chunks.py. */
void frame_chunks_keep(void) {
    static int installed;
    if (installed) return;
    installed = 1;
    PyObjectArenaAllocator ours = {NULL, chunk_alloc, chunk_free};
    PyObject_GetArenaAllocator(&cpython);
    PyObject_SetArenaAllocator(&ours);
}
