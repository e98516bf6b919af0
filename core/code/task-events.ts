// In-process notices about the task queue: the store announces tasks it queued or finished, so a
// worker in this process wakes at once and wait_task returns at once. Other processes poll.
import { EventEmitter } from 'node:events';

class TaskEvents extends EventEmitter {
  queued(): void {
    this.emit('queued');
  }

  finished(taskId: string): void {
    this.emit(`finished:${taskId}`);
  }
}

export const taskEvents = new TaskEvents();
taskEvents.setMaxListeners(0);
